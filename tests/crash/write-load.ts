import http from "node:http";
import { sendRequest, type HttpAnswer } from "./http-client";
import { IMPORTED_ID_PREFIX } from "./trial-database";

/**
 * What the client learnt of one write: acknowledged (a complete 2xx answer; for an import, its
 * final report line), refused (a complete 4xx answer: nothing written), or unknown (no complete
 * answer: the server died with the request in flight, so it may or may not have been written).
 */
export type Outcome = "acked" | "refused" | "unknown";

export interface LikeWrite {
  userId: string;
  toolId: string;
  isLiked: boolean;
  outcome: Outcome;
  status: number | null;
  answeredAt: number | null;
}

export interface ViewWrite {
  toolId: string;
  outcome: Outcome;
  status: number | null;
  /** When the answer arrived (ms on the load's clock); the view was counted before that. */
  answeredAt: number | null;
}

export interface ImportWrite {
  ids: string[];
  format: "csv" | "json";
  outcome: Outcome;
  startedAt: number;
  answeredAt: number | null;
  /** Why an import was not acknowledged, when the server said. */
  detail?: string;
}

export interface WriteLedger {
  /** In the order each person sent them; a person has one request in flight at a time. */
  likes: LikeWrite[];
  views: ViewWrite[];
  imports: ImportWrite[];
  /**
   * The most views of each viewed tool the server showed before the kill. The server shows a
   * count once its flush has committed, so these must all survive.
   */
  viewsShown: Map<string, number>;
  /** Ms after the load began. */
  killedAt: number;
  /** Answers with a 5xx status: a valid request the server failed. */
  serverErrors: string[];
}

export interface LoadPlan {
  base: string;
  likers: { id: string; cookie: string; address: string }[];
  adminCookie: string;
  /** Tools liked and unliked. */
  targetToolIds: string[];
  /** Tools viewed (a few, so that their counts move between flushes). */
  viewedToolIds: string[];
  /** Categories and their subcategories that imported tools are filed under. */
  taxonomy: { name: string; subcategories: string[] }[];
  /** Names the trial's imported tools (unique per run and trial). */
  tag: string;
  killAfterMs: number;
  kill(): Promise<void>;
}

/** The likes rate limit is 60 a minute per person; staying under it keeps most writes real. */
const LIKES_PER_PERSON = 50;
/** Requests in flight at once: enough to overlap, few enough that every kind gets its turn. */
const LIKE_WORKERS = 6;
const VIEW_WORKERS = 3;
const IMPORT_SIZE = { min: 8, max: 30 };
/**
 * An import rereads the whole catalogue when it commits, which holds the server for a while; with
 * pauses like these likes and views keep flowing between imports.
 */
const IMPORT_PAUSE_MS = { min: 500, max: 1500 };
const VIEWS_POLL_MS = 200;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const randomAddress = () => `10.${between(0, 255)}.${between(0, 255)}.${between(1, 254)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function outcomeOf(answer: HttpAnswer | null): Outcome {
  if (!answer || answer.status >= 500) return "unknown";
  return answer.status < 300 ? "acked" : "refused";
}

/** New tools with ids of our own, so that the check can find each import's tools. */
function importFile(plan: LoadPlan, number: number, format: "csv" | "json") {
  const count = between(IMPORT_SIZE.min, IMPORT_SIZE.max);
  const rows = Array.from({ length: count }, (_, n) => {
    const listing = Math.random() < 0.9 ? pick(plan.taxonomy) : null;
    const subCategory =
      listing && listing.subcategories.length > 0 && Math.random() < 0.8
        ? pick(listing.subcategories)
        : null;
    const id = `${IMPORTED_ID_PREFIX}${plan.tag}-i${number}-${n}`;
    return {
      id,
      name: `Crash ${plan.tag} import ${number} tool ${n}`,
      category: listing?.name ?? null,
      subCategory,
      status: "online",
      "pricing.model": pick(["Free", "Freemium", "Paid"]),
      cardDescription: `Added by crash trial ${plan.tag}`,
      websiteUrl: `https://${id}.example.com/`,
    };
  });
  const ids = rows.map((row) => row.id);
  if (format === "json") {
    const nested = rows.map(({ "pricing.model": model, ...row }) => ({
      ...row,
      pricing: { model },
    }));
    return { ids, text: JSON.stringify(nested) };
  }
  const columns = Object.keys(rows[0]!) as (keyof (typeof rows)[number])[];
  const cell = (value: string | null) => (value === null ? "" : `"${value.replaceAll('"', '""')}"`);
  const lines = [
    columns.join(","),
    ...rows.map((row) => columns.map((column) => cell(row[column])).join(",")),
  ];
  return { ids, text: `${lines.join("\n")}\n` };
}

/**
 * A streamed import (NDJSON) is acknowledged by its report line saying it succeeded, as the admin
 * page shows it, even if the connection breaks after that line.
 */
function importOutcome(
  received: string,
  answer: HttpAnswer | null,
  expected: number,
): [Outcome, string?] {
  const lines = received.split("\n").filter((line) => line.trim() !== "");
  const parsed = lines.flatMap((line) => {
    try {
      return [JSON.parse(line) as ImportLine];
    } catch {
      return [];
    }
  });
  const report = parsed.find((line) => line.report)?.report;
  if (report?.status === "succeeded" && report.created === expected) return ["acked"];
  if (report) return ["refused", report.message];
  if (!answer) return ["unknown"];
  if (answer.status !== 200)
    return [outcomeOf(answer), `${answer.status} ${answer.body.slice(0, 200)}`];
  // An error line after progress: the transaction failed; whether it committed is not said.
  return ["unknown", parsed.at(-1)?.error?.message ?? lines.at(-1)];
}

interface ImportLine {
  report?: { status: string; created: number; message: string };
  error?: { message: string };
}

/**
 * Likes and unlikes from every person, views from many addresses and admin imports, all at once,
 * until `killAfterMs`; then the server is killed mid-load. Every request's outcome is recorded.
 */
export async function runWriteLoad(plan: LoadPlan): Promise<WriteLedger> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const started = performance.now();
  const now = () => performance.now() - started;
  const ledger: WriteLedger = {
    likes: [],
    views: [],
    imports: [],
    viewsShown: new Map(),
    killedAt: 0,
    serverErrors: [],
  };
  let isStopped = false;

  const send = async (
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
    onData?: (text: string) => void,
  ) => {
    const answer = await sendRequest(plan.base, method, path, {
      agent,
      headers: { origin: plan.base, ...headers },
      body,
      onData,
    }).catch(() => null);
    if (answer && answer.status >= 500) {
      ledger.serverErrors.push(`${method} ${path}: ${answer.status} ${answer.body.slice(0, 200)}`);
    }
    return answer;
  };

  // Each worker takes a person who has no request in flight, so a person's likes stay in order.
  const idle = plan.likers.map((liker) => ({
    liker,
    sent: 0,
    believed: new Map<string, boolean>(),
  }));
  const likeWorker = async () => {
    while (!isStopped) {
      const [person] = idle.splice(Math.floor(Math.random() * idle.length), 1);
      if (!person) return;
      const toolId = pick(plan.targetToolIds);
      // Mostly real changes, sometimes repeats (which must be no-ops).
      const isLiked =
        Math.random() < 0.8 ? !(person.believed.get(toolId) ?? false) : Math.random() < 0.5;
      const answer = await send(isLiked ? "POST" : "DELETE", `/api/tools/${toolId}/like`, {
        cookie: person.liker.cookie,
        "x-forwarded-for": person.liker.address,
      });
      const outcome = outcomeOf(answer);
      ledger.likes.push({
        userId: person.liker.id,
        toolId,
        isLiked,
        outcome,
        status: answer?.status ?? null,
        answeredAt: answer ? now() : null,
      });
      if (outcome === "acked") person.believed.set(toolId, isLiked);
      if (++person.sent < LIKES_PER_PERSON) idle.push(person);
    }
  };

  const viewLoop = async () => {
    while (!isStopped) {
      const toolId = pick(plan.viewedToolIds);
      const answer = await send("POST", `/api/tools/${toolId}/views`, {
        "x-forwarded-for": randomAddress(),
      });
      ledger.views.push({
        toolId,
        outcome: outcomeOf(answer),
        status: answer?.status ?? null,
        answeredAt: answer ? now() : null,
      });
    }
  };

  const viewsPoll = async () => {
    while (!isStopped) {
      for (const toolId of plan.viewedToolIds) {
        const answer = await sendRequest(plan.base, "GET", `/api/tools/${toolId}`, { agent }).catch(
          () => null,
        );
        // An answer that arrives after the kill was still sent by the server before it.
        if (answer?.status !== 200) continue;
        const { views } = (JSON.parse(answer.body) as { tool: { views: number } }).tool;
        ledger.viewsShown.set(toolId, Math.max(views, ledger.viewsShown.get(toolId) ?? 0));
      }
      await sleep(VIEWS_POLL_MS);
    }
  };

  const importLoop = async () => {
    await sleep(between(0, IMPORT_PAUSE_MS.min));
    for (let number = 1; !isStopped; number++) {
      const format = number % 2 === 1 ? "json" : "csv";
      const file = importFile(plan, number, format);
      const startedAt = now();
      let received = "";
      const query = `format=${format}&name=crash-${plan.tag}-${number}.${format}&dryRun=0&stream=1`;
      const answer = await send(
        "POST",
        `/api/admin/import?${query}`,
        {
          cookie: plan.adminCookie,
          "content-type": format === "json" ? "application/json" : "text/csv",
        },
        file.text,
        (text) => (received += text),
      );
      const [outcome, detail] = importOutcome(received, answer, file.ids.length);
      ledger.imports.push({
        ids: file.ids,
        format,
        outcome,
        startedAt,
        answeredAt: answer ? now() : null,
        detail,
      });
      await sleep(between(IMPORT_PAUSE_MS.min, IMPORT_PAUSE_MS.max));
    }
  };

  const killer = (async () => {
    await sleep(plan.killAfterMs);
    isStopped = true;
    ledger.killedAt = now();
    await plan.kill();
  })();
  await Promise.all([
    killer,
    importLoop(),
    viewsPoll(),
    ...Array.from({ length: LIKE_WORKERS }, likeWorker),
    ...Array.from({ length: VIEW_WORKERS }, viewLoop),
  ]);
  agent.destroy();
  return ledger;
}
