import { countCategories, toTaxonomy, type CategoryEntry } from "~/lib/category-stats";
import { VIEW_FLUSH_MS } from "#server/services/tools/view-counter.server";
import { likeKey, type PersistedState } from "./trial-database";
import type { LikeWrite, WriteLedger } from "./write-load";

/**
 * Time a flush may take beyond its 2 s interval on a busy 2-core machine (a like or view flush
 * waits for the rows it locks).
 */
export const FLUSH_SLACK_MS = 1000;

export interface CheckResult {
  /** One part of the trial's line per kind of write. */
  summary: string[];
  problems: string[];
}

/** A refusal other than the rate limit means the load itself is wrong (a lost session, a bad id). */
function unexpectedRefusals(
  kind: string,
  writes: readonly { outcome: string; status: number | null }[],
) {
  const statuses = writes
    .filter((write) => write.outcome === "refused" && write.status !== 429)
    .map((write) => write.status);
  return statuses.length === 0
    ? []
    : [`${statuses.length} ${kind} requests refused: ${[...new Set(statuses)].join(", ")}`];
}

/**
 * Every (person, tool) ends as the last acknowledged like or unlike said; a later request whose
 * answer never came (in flight at the kill) may or may not have been written.
 */
export function checkLikes(likes: readonly LikeWrite[], persisted: PersistedState): CheckResult {
  const byPair = new Map<string, LikeWrite[]>();
  for (const write of likes) {
    const key = likeKey(write.userId, write.toolId);
    byPair.set(key, [...(byPair.get(key) ?? []), write]);
  }
  const problems: string[] = [];
  let asAcked = 0;
  let inDoubt = 0;
  for (const [key, writes] of byPair) {
    const lastAcked = writes.findLastIndex((write) => write.outcome === "acked");
    const allowed = new Set([lastAcked >= 0 ? writes[lastAcked]!.isLiked : false]);
    const unanswered = writes.slice(lastAcked + 1).filter((write) => write.outcome === "unknown");
    for (const write of unanswered) allowed.add(write.isLiked);
    if (unanswered.length > 0) inDoubt++;
    const found = persisted.likes.get(key) ?? false;
    if (allowed.has(found)) {
      asAcked++;
    } else {
      problems.push(
        `like ${key}: found ${found ? "liked" : "not liked"}, acknowledged ${[...allowed].join("/")}`,
      );
    }
  }
  const acked = likes.filter((write) => write.outcome === "acked").length;
  const refused = likes.filter((write) => write.outcome === "refused").length;
  problems.push(...unexpectedRefusals("like", likes));
  return {
    summary: [
      `${acked} likes/unlikes acked (${refused} refused), ${asAcked}/${byPair.size} person-tool states as acked (${inDoubt} in flight at kill)`,
    ],
    problems,
  };
}

/** How long the slowest import ran (one cut off by the kill: until the kill). */
function longestImport(ledger: WriteLedger): number {
  return Math.max(
    0,
    ...ledger.imports.map((write) => (write.answeredAt ?? ledger.killedAt) - write.startedAt),
  );
}

/** An acknowledged import is all there; one in flight at the kill is all there or not at all. */
export function checkImports(ledger: WriteLedger, persisted: PersistedState): CheckResult {
  const problems: string[] = [];
  let ackedTools = 0;
  let foundTools = 0;
  for (const [index, write] of ledger.imports.entries()) {
    const present = write.ids.filter((id) => persisted.importedIds.has(id)).length;
    const label = `import ${index + 1} (${write.format}, ${write.ids.length} tools, ${write.outcome})`;
    if (write.outcome === "acked") {
      ackedTools += write.ids.length;
      foundTools += present;
      if (present !== write.ids.length) problems.push(`${label}: ${present} tools found`);
    } else if (write.outcome === "refused") {
      problems.push(`${label} was refused: ${write.detail ?? "no reason given"}`);
      if (present !== 0) problems.push(`${label}: ${present} tools found`);
    } else if (present !== 0 && present !== write.ids.length) {
      problems.push(`${label}: half written, ${present} tools found`);
    }
  }
  const unanswered = ledger.imports.filter((write) => write.outcome === "unknown");
  const unansweredFound = unanswered.filter((write) =>
    write.ids.every((id) => persisted.importedIds.has(id)),
  ).length;
  return {
    summary: [
      `${ledger.imports.length - unanswered.length} imports acked with ${ackedTools} tools/${foundTools} found, ${unanswered.length} in flight (${unansweredFound} all there, ${unanswered.length - unansweredFound} none; the longest took ${seconds(longestImport(ledger))})`,
    ],
    problems,
  };
}

/**
 * Views wait in memory and are written every VIEW_FLUSH_MS (documented in docs/api.md), so a kill
 * may lose the views acknowledged since the last flush that committed. What must survive: every
 * count the server showed before the kill (it shows a count once its flush committed), and every
 * view acknowledged longer ago than the flush interval, a slack and the longest import (whose
 * table lock holds a flush back). Nothing beyond the views sent may appear.
 */
export function checkViews(
  ledger: WriteLedger,
  persisted: PersistedState,
  before: ReadonlyMap<string, number>,
): CheckResult {
  const window = VIEW_FLUSH_MS + FLUSH_SLACK_MS + longestImport(ledger);
  const settledBy = ledger.killedAt - window;
  const problems = unexpectedRefusals("view", ledger.views);
  const totals = { acked: 0, found: 0, shown: 0, settled: 0, minimum: 0, maximum: 0 };
  for (const [toolId, start] of before) {
    const writes = ledger.views.filter((write) => write.toolId === toolId);
    const acked = writes.filter((write) => write.outcome === "acked");
    const settled = acked.filter((write) => write.answeredAt! <= settledBy).length;
    const shown = (ledger.viewsShown.get(toolId) ?? start) - start;
    const minimum = Math.max(settled, shown);
    const maximum = acked.length + writes.filter((write) => write.outcome === "unknown").length;
    const found = (persisted.views.get(toolId) ?? 0) - start;
    totals.acked += acked.length;
    totals.found += found;
    totals.shown += shown;
    totals.settled += settled;
    totals.minimum += minimum;
    totals.maximum += maximum;
    if (found < minimum || found > maximum) {
      problems.push(
        `views of ${toolId}: ${found} added, expected ${minimum}..${maximum} (${acked.length} acked, ${shown} shown before the kill, ${settled} acked before its last ${Math.round(window)} ms)`,
      );
    }
  }
  // How far back the loss reaches: as if the views lost were the latest acknowledged.
  const lost = totals.acked - totals.found;
  const answered = ledger.views
    .filter((write) => write.outcome === "acked")
    .map((write) => write.answeredAt!)
    .sort((a, b) => b - a);
  const lostSpan = lost > 0 ? ledger.killedAt - answered[lost - 1]! : 0;
  return {
    summary: [
      `views ${totals.acked} acked, ${totals.found} found within ${totals.minimum}..${totals.maximum} (batched: at least the ${totals.shown} shown before the kill and the ${totals.settled} acked before its last ${seconds(window)}, at most those sent; ${Math.max(0, lost)} lost, acked in the last ${seconds(lostSpan)})`,
    ],
    problems,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const taxonomyText = (taxonomy: readonly CategoryEntry[]) =>
  JSON.stringify(
    taxonomy
      .map((entry) => ({
        name: entry.name,
        count: entry.count,
        subcategories: entry.subcategories
          .map((sub) => `${sub.name}=${sub.count}`)
          .sort()
          .join(","),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  );

/** likes_total is its active like rows; the server's category statistics are the tools'. */
export function checkInvariants(
  persisted: PersistedState,
  served: { facets: CategoryEntry[]; totalInAllCategories: number },
): CheckResult {
  const problems = persisted.likeDrift
    .slice(0, 5)
    .map(
      (drift) =>
        `likes_total of ${drift.id} is ${drift.likesTotal}, active like rows ${drift.activeLikes}`,
    );
  if (persisted.likeDrift.length > 5)
    problems.push(`... ${persisted.likeDrift.length} tools drift`);
  const counted = toTaxonomy(countCategories(persisted.onlineTools));
  if (taxonomyText(counted) !== taxonomyText(served.facets)) {
    problems.push("the server's category statistics differ from a count of the online tools");
  }
  if (served.totalInAllCategories !== persisted.onlineTools.length) {
    problems.push(
      `the server counts ${served.totalInAllCategories} online tools, the database ${persisted.onlineTools.length}`,
    );
  }
  return {
    summary: [problems.length === 0 ? "invariants ok" : "invariants broken"],
    problems,
  };
}
