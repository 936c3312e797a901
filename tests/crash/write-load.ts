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
  /** Ms after the load began. */
  killedAt: number;
  /** Answers with a 5xx status: a valid request the server failed. */
  serverErrors: string[];
}

export interface LoadPlan {
  base: string;
  likers: { id: string; cookie: string; address: string }[];
  adminCookie: string;
  targetToolIds: string[];
  /** Categories and their subcategories that imported tools are filed under. */
  taxonomy: { name: string; subcategories: string[] }[];
  /** Names the trial's imported tools (unique per run and trial). */
  tag: string;
  killAfterMs: number;
  kill(): Promise<void>;
}

/** The likes rate limit is 60 a minute per person; staying under it keeps most writes real. */
const LIKES_PER_PERSON = 50;
const VIEW_WORKERS = 4;
const IMPORT_SIZE = { min: 8, max: 30 };
const IMPORT_PAUSE_MS = { min: 100, max: 500 };

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

/** The NDJSON answer of a streamed import: acknowledged only by a final report that succeeded. */
function importOutcome(answer: HttpAnswer | null, expected: number): [Outcome, string?] {
  if (!answer) return ["unknown"];
  if (answer.status !== 200)
    return [outcomeOf(answer), `${answer.status} ${answer.body.slice(0, 200)}`];
  const lines = answer.body.trim().split("\n");
  const last = JSON.parse(lines.at(-1) ?? "{}") as {
    report?: { status: string; created: number; message: string };
    error?: { message: string };
  };
  if (last.report?.status === "succeeded" && last.report.created === expected) return ["acked"];
  if (last.report) return ["refused", last.report.message];
  // An error line after progress: the transaction failed; whether it committed is not said.
  return ["unknown", last.error?.message ?? lines.at(-1)];
}

/**
 * Likes and unlikes from every person, views from many addresses and admin imports, all at once,
 * until `killAfterMs`; then the server is killed mid-load. Every request's outcome is recorded.
 */
export async function runWriteLoad(plan: LoadPlan): Promise<WriteLedger> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const started = performance.now();
  const now = () => performance.now() - started;
  const ledger: WriteLedger = { likes: [], views: [], imports: [], killedAt: 0, serverErrors: [] };
  let isStopped = false;

  const send = async (
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ) => {
    const answer = await sendRequest(plan.base, method, path, {
      agent,
      headers: { origin: plan.base, ...headers },
      body,
    }).catch(() => null);
    if (answer && answer.status >= 500) {
      ledger.serverErrors.push(`${method} ${path}: ${answer.status} ${answer.body.slice(0, 200)}`);
    }
    return answer;
  };

  const likeLoop = async (liker: LoadPlan["likers"][number]) => {
    const believed = new Map<string, boolean>();
    for (let sent = 0; sent < LIKES_PER_PERSON && !isStopped; sent++) {
      const toolId = pick(plan.targetToolIds);
      // Mostly real changes, sometimes repeats (which must be no-ops).
      const isLiked = Math.random() < 0.8 ? !(believed.get(toolId) ?? false) : Math.random() < 0.5;
      const answer = await send(isLiked ? "POST" : "DELETE", `/api/tools/${toolId}/like`, {
        cookie: liker.cookie,
        "x-forwarded-for": liker.address,
      });
      const outcome = outcomeOf(answer);
      ledger.likes.push({
        userId: liker.id,
        toolId,
        isLiked,
        outcome,
        status: answer?.status ?? null,
        answeredAt: answer ? now() : null,
      });
      if (outcome === "acked") believed.set(toolId, isLiked);
    }
  };

  const viewLoop = async () => {
    while (!isStopped) {
      const toolId = pick(plan.targetToolIds);
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

  const importLoop = async () => {
    for (let number = 1; !isStopped; number++) {
      const format = number % 2 === 1 ? "json" : "csv";
      const file = importFile(plan, number, format);
      const startedAt = now();
      const query = `format=${format}&name=crash-${plan.tag}-${number}.${format}&dryRun=0&stream=1`;
      const answer = await send(
        "POST",
        `/api/admin/import?${query}`,
        {
          cookie: plan.adminCookie,
          "content-type": format === "json" ? "application/json" : "text/csv",
        },
        file.text,
      );
      const [outcome, detail] = importOutcome(answer, file.ids.length);
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
    ...plan.likers.map(likeLoop),
    ...Array.from({ length: VIEW_WORKERS }, viewLoop),
  ]);
  agent.destroy();
  return ledger;
}
