import { eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { tools } from "../db/schema";
import {
  toolCardColumns,
  toToolCard,
  toolSearchColumns,
  toToolSearchText,
  type CatalogueRow,
} from "./tool-shapes.server";
import type { LiveEvent } from "../live/live-events.server";
import { withCounts, type CountChange } from "./recount.server";
import { buildSnapshot, type CatalogueSnapshot } from "./snapshot.server";
import { updateSnapshot } from "./update-snapshot.server";

/** Count changes arriving together (a burst of likes) are applied to the snapshot at once. */
const COUNT_BATCH_MS = 100;

/** Holds the current snapshot of the online catalogue and rebuilds it on demand. */
export class SnapshotKeeper {
  #snapshot: CatalogueSnapshot = buildSnapshot([]);
  #pendingCounts = new Map<string, CountChange>();
  #hasNewComments = false;
  #countTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly db: Database) {}

  get snapshot(): CatalogueSnapshot {
    return this.#snapshot;
  }

  #catalogueRevision = 0;
  /**
   * Counts the snapshot's updates after catalogue changes (a reload or a refresh; not count
   * changes): what was rendered at an earlier revision may show a tool as it no longer is.
   */
  get catalogueRevision(): number {
    return this.#catalogueRevision;
  }

  async reload(): Promise<CatalogueSnapshot> {
    const rows = await this.db.query.tools.findMany({
      columns: { ...toolCardColumns, ...toolSearchColumns },
      where: eq(tools.status, "online"),
    });
    this.#snapshot = snapshotOfRows(rows);
    this.#catalogueRevision += 1;
    return this.#snapshot;
  }

  /**
   * Updates the snapshot after these tools changed, reading only them (whatever their status:
   * a tool that went offline or was deleted leaves, one that came online joins). Only their text
   * is indexed; the searched text of the others is not kept in memory.
   */
  async refresh(ids: readonly string[]): Promise<CatalogueSnapshot> {
    const rows = await this.db.query.tools.findMany({
      columns: { ...toolCardColumns, ...toolSearchColumns, status: true },
      where: inArray(tools.id, [...ids]),
    });
    const online = rows
      .filter((row) => row.status === "online")
      .map((row) => ({ card: toToolCard(row), searchText: toToolSearchText(row) }));
    // Applied to the snapshot as it is after the query: counts that arrived meanwhile are kept.
    this.#snapshot = updateSnapshot(this.#snapshot, ids, online);
    this.#catalogueRevision += 1;
    return this.#snapshot;
  }

  /** Follows a live event: new counts and ratings show in listings within COUNT_BATCH_MS. */
  apply(event: LiveEvent) {
    if (event.type === "catalogue") {
      this.#scheduleRefresh(event.toolIds);
    } else if (event.type === "like") {
      this.#queue(event.toolId, { likesTotal: event.likesTotal });
    } else if (event.type === "comments") {
      this.#hasNewComments = true;
      this.#queue(event.toolId, { ratingAvg: event.ratingAvg });
    } else {
      for (const [toolId, views] of event.counts) this.#queue(toolId, { views });
    }
  }

  /** Applies queued count changes now (tests, shutdown). */
  flushCounts() {
    clearTimeout(this.#countTimer);
    this.#countTimer = undefined;
    if (this.#pendingCounts.size === 0) return;
    const counted = withCounts(this.#snapshot, this.#pendingCounts);
    // A comment that left the average as it was still changed a tool page: a new snapshot
    // object tells the render cache (decision 013) that what its pages show has moved.
    this.#snapshot = counted === this.#snapshot && this.#hasNewComments ? { ...counted } : counted;
    this.#pendingCounts = new Map();
    this.#hasNewComments = false;
  }

  #reloading: Promise<unknown> = Promise.resolve();
  /** Whether an update is waiting to start: the changes that arrive until then join it. */
  #isUpdateWaiting = false;
  /** Tools changed since the last update; "all" when a change did not name them. */
  #changed: Set<string> | "all" = new Set();

  /** Rereads everything after the writes in flight (a lost LISTEN connection), in order with them. */
  reloadSoon() {
    this.#scheduleRefresh(undefined);
  }

  /**
   * An update starts as soon as the one before it is done: admin writes that arrive meanwhile
   * cost one update together, and a write on its own shows at once.
   */
  #scheduleRefresh(toolIds: readonly string[] | undefined) {
    if (!toolIds) this.#changed = "all";
    else if (this.#changed !== "all") for (const id of toolIds) this.#changed.add(id);
    if (this.#isUpdateWaiting) return;
    this.#isUpdateWaiting = true;
    this.#reloading = this.#reloading
      .then(() => {
        this.#isUpdateWaiting = false;
        const changed = this.#changed;
        this.#changed = new Set();
        return changed === "all" ? this.reload() : this.refresh([...changed]);
      })
      .catch(() => {});
  }

  /** Resolves once every scheduled update is done: for tests and benchmarks. */
  async settled(): Promise<void> {
    for (let current = this.#reloading; ; current = this.#reloading) {
      await current;
      if (current === this.#reloading) return;
    }
  }

  #queue(toolId: string, change: CountChange) {
    this.#pendingCounts.set(toolId, { ...this.#pendingCounts.get(toolId), ...change });
    this.#countTimer ??= setTimeout(() => this.flushCounts(), COUNT_BATCH_MS);
  }
}

/** The snapshot of these rows: cards, and the searched text of each. */
export function snapshotOfRows(rows: readonly CatalogueRow[]): CatalogueSnapshot {
  return buildSnapshot(
    rows.map(toToolCard),
    new Map(rows.map((row) => [row.id, toToolSearchText(row)])),
  );
}
