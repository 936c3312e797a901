import { execFile } from "node:child_process";
import { createServer } from "node:net";
import { promisify } from "node:util";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { toolPath } from "~/lib/paths";
import { slugify } from "~/lib/slug";
import type { CategoryEntry } from "~/lib/category-stats";
import type { ToolCard } from "~/lib/tool";
import { getJson, signIn, freshClientAddress } from "./app-client";
import { pageRoutes, readApiDoc } from "./endpoints";
import { FuzzServer, type DatabaseKind } from "./fuzz-server";
import { describeRequest, hostileRequest, wireBytes, type FuzzContext } from "./hostile-requests";
import { formatFailures, formatSummary, fuzz } from "./run-fuzz";

// Issue 14, "proof under attack": thousands of hostile requests against the production server, on
// PGlite and (with TEST_DATABASE_URL) on PostgreSQL. Replay a run with FUZZ_SEED; FUZZ_REQUESTS
// and FUZZ_BUDGET_S bound it (defaults: 4,000 requests or 90 s per database, whichever is first).

const SEED = Number(process.env.FUZZ_SEED ?? 1_400_008);
const MAX_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 4_000);
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_S ?? 90) * 1000;
const BATCH_SIZE = 6;

const DATABASES: [string, DatabaseKind, number][] = [
  ["PGlite", "pglite", 3300],
  ...(process.env.TEST_DATABASE_URL
    ? [["PostgreSQL", "postgres", 3301] as [string, DatabaseKind, number]]
    : []),
];

const summaries: string[] = [];
afterAll(() => {
  if (summaries.length > 0) console.log(`\n${summaries.join("\n")}\n`);
});

describe("what the fuzzing aims at", () => {
  test("every endpoint of docs/api.md is read, with the methods it documents", () => {
    const { endpoints, bodyFields } = readApiDoc();
    const names = endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        "GET /api/tools",
        "GET /api/tools/:id",
        "POST /api/tools/:id/views",
        "POST /api/tools/:id/like",
        "DELETE /api/tools/:id/like",
        "GET /api/live",
        "POST /api/auth/sign-up/email",
        "GET /api/auth/get-session",
        "POST /api/auth/reset-password",
        "POST /api/account/delete",
        "GET /api/admin/tools/export",
        "PUT /api/admin/tools/:id",
        "POST /api/admin/import",
        "GET /healthz",
        "GET /media/*",
      ]),
    );
    expect(bodyFields).toEqual(expect.arrayContaining(["email", "password", "newPassword", "ids"]));
  });

  test("every page route of app/routes.ts is a pattern to fill, and those with an action take POST", () => {
    const pages = pageRoutes();
    expect(pages.filter((page) => page.hasAction).map((page) => page.pattern)).toContain(
      "/newsletter",
    );
    expect(pages.map((page) => page.pattern)).toEqual(
      expect.arrayContaining([
        "/",
        "/ai-tools/:category/:subCategory/:toolName",
        "/tool/*",
        "/compare/*",
        "/admin/tools/manual/:id",
        "/*",
      ]),
    );
  });
});

describe("a failure as printed", () => {
  test("replays the exact bytes of its request in bash", async () => {
    const port = 3309;
    let expected: Buffer = Buffer.alloc(0);
    let received: Buffer = Buffer.alloc(0);
    // Closes once the expected bytes are in, so that the printed command's `cat` ends.
    const listener = createServer((socket) => {
      socket.on("data", (chunk: Buffer) => {
        received = Buffer.concat([received, chunk]);
        if (received.length >= expected.length) socket.end();
      });
    });
    await new Promise<void>((resolve) => listener.listen(port, "127.0.0.1", resolve));
    try {
      const { endpoints, bodyFields } = readApiDoc();
      const ctx: FuzzContext = {
        port,
        appUrl: `http://127.0.0.1:${port}`,
        endpoints,
        pages: pageRoutes(),
        bodyFields,
        toolIds: ["demo-0001"],
        toolPaths: ["/ai-tools/writing/editing/inkwell"],
        categorySlugs: ["writing"],
        subCategorySlugs: ["editing"],
        toolSlugs: ["inkwell"],
        categoryNames: ["Writing"],
        accountEmails: ["someone@example.com"],
      };
      const requests = fc
        .sample(hostileRequest(ctx), { seed: SEED, numRuns: 40 })
        .filter(
          (request) => request.identity === "anonymous" && request.framing.kind !== "declared-huge",
        );
      for (const request of requests) {
        expected = wireBytes(request, { user: "", admin: "" });
        received = Buffer.alloc(0);
        await promisify(execFile)("bash", ["-c", describeRequest(request, port)], {
          maxBuffer: 64 * 1024 * 1024,
        });
        expect(received.equals(expected)).toBe(true);
      }
    } finally {
      listener.close();
    }
  });
});

async function allOnlineTools(appUrl: string) {
  const cards: ToolCard[] = [];
  let first: { total: number; facets: CategoryEntry[] } | null = null;
  for (let offset = 0; ; offset += 1000) {
    const { status, body } = await getJson<{
      tools: ToolCard[];
      total: number;
      facets: CategoryEntry[];
    }>(appUrl, `/api/tools?limit=1000&offset=${offset}`);
    expect(status).toBe(200);
    first ??= body;
    cards.push(...body.tools);
    if (cards.length >= body.total || body.tools.length === 0) break;
  }
  return { cards, total: first!.total, facets: first!.facets };
}

async function fuzzContext(server: FuzzServer): Promise<FuzzContext> {
  const { cards } = await allOnlineTools(server.url);
  const unique = (values: (string | null)[]) => [
    ...new Set(values.filter((v): v is string => Boolean(v))),
  ];
  const orNone = (values: string[]) => (values.length > 0 ? values : ["none"]);
  const { endpoints, bodyFields } = readApiDoc();
  return {
    port: server.port,
    appUrl: server.url,
    endpoints,
    pages: pageRoutes(),
    bodyFields,
    toolIds: orNone(cards.map((card) => card.id)),
    toolPaths: orNone(cards.map(toolPath)),
    toolSlugs: orNone(cards.map((card) => card.slug)),
    categorySlugs: orNone(unique(cards.map((card) => card.category && slugify(card.category)))),
    subCategorySlugs: orNone(
      unique(cards.map((card) => card.subCategory && slugify(card.subCategory))),
    ),
    categoryNames: orNone(unique(cards.flatMap((card) => [card.category, card.subCategory]))),
    // The checker stays out of the fuzzing: its sign-in and like afterwards must start clean.
    accountEmails: [server.accounts.user.email, server.accounts.admin.email],
  };
}

type Stats = Record<string, { count: number; subcategories: Record<string, number> }>;

function statsOfFacets(facets: readonly CategoryEntry[]): Stats {
  return Object.fromEntries(
    facets.map((entry) => [
      entry.name,
      {
        count: entry.count,
        subcategories: Object.fromEntries(entry.subcategories.map((sub) => [sub.name, sub.count])),
      },
    ]),
  );
}

describe.each(DATABASES)("a hostile internet against the app on %s", (name, kind, port) => {
  let server: FuzzServer;

  beforeAll(async () => {
    server = await FuzzServer.create(kind, port);
  });
  afterAll(async () => {
    await server?.dispose();
  });

  test("no request gets a 5xx, goes unanswered or stops the process", async () => {
    const ctx = await fuzzContext(server);
    const report = await fuzz(server, ctx, {
      seed: SEED,
      maxRequests: MAX_REQUESTS,
      budgetMs: BUDGET_MS,
      batchSize: BATCH_SIZE,
    });
    summaries.push(formatSummary(name, report));
    if (report.failures.length > 0) {
      throw new Error(
        `${report.failures.length} distinct failures on ${name} (replay with FUZZ_SEED=${SEED}):\n\n` +
          formatFailures(report, port),
      );
    }
    expect(server.isAlive()).toBe(true);
    expect(report.requests).toBeGreaterThan(Math.min(MAX_REQUESTS, 300));
  });

  test("afterwards a real sign-in and like work, every like count equals its rows, and category statistics match the tools", async () => {
    expect(server.isAlive()).toBe(true);
    const origin = { Origin: server.url, "Content-Type": "application/json" };

    let [tool] = (await getJson<{ tools: ToolCard[] }>(server.url, "/api/tools?limit=1")).body
      .tools;
    if (!tool) {
      const admin = await signIn(server.url, server.accounts.admin);
      const created = await getJson<{ tool: { id: string } }>(server.url, "/api/admin/tools", {
        method: "POST",
        headers: { ...origin, Cookie: admin },
        body: JSON.stringify({
          tool: { name: "Fuzz check tool", category: "Writing", status: "online" },
        }),
      });
      expect(created.status).toBe(201);
      tool = (await getJson<{ tool: ToolCard }>(server.url, `/api/tools/${created.body.tool.id}`))
        .body.tool;
    }
    const before = await getJson<{ tool: ToolCard }>(server.url, `/api/tools/${tool!.id}`);
    expect(before.status).toBe(200);

    const checker = await signIn(server.url, server.accounts.checker);
    const liked = await getJson<{ likesTotal: number; isLiked: boolean }>(
      server.url,
      `/api/tools/${tool!.id}/like`,
      {
        method: "POST",
        headers: { ...origin, Cookie: checker, "X-Forwarded-For": freshClientAddress() },
      },
    );
    expect(liked).toEqual({
      status: 200,
      body: { isLiked: true, likesTotal: before.body.tool.likesTotal + 1 },
    });

    // Count changes reach the listings within 100 ms, catalogue rebuilds within 50 ms.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const shown = await allOnlineTools(server.url);

    if (kind === "pglite") await server.stop();
    const reader = await server.openReader();
    try {
      const likeMismatches = await reader.query<{
        id: string;
        likes_total: number;
        active: number;
      }>(
        `select t.id, t.likes_total, count(l.tool_id) filter (where l.is_active)::int as active
           from tools t left join tool_likes l on l.tool_id = t.id
          group by t.id having t.likes_total <> count(l.tool_id) filter (where l.is_active)`,
      );
      expect(likeMismatches).toEqual([]);

      const online = await reader.query<{
        id: string;
        likes_total: number;
        category: string | null;
        sub_category: string | null;
      }>("select id, likes_total, category, sub_category from tools where status = 'online'");
      expect(shown.total).toBe(online.length);
      const stored = new Map(online.map((row) => [row.id, row.likes_total]));
      const shownLikes = new Map(shown.cards.map((card) => [card.id, card.likesTotal]));
      expect(shownLikes).toEqual(stored);

      const counted: Stats = {};
      for (const row of online) {
        if (!row.category) continue;
        const entry = (counted[row.category] ??= { count: 0, subcategories: {} });
        entry.count++;
        if (row.sub_category)
          entry.subcategories[row.sub_category] = (entry.subcategories[row.sub_category] ?? 0) + 1;
      }
      expect(statsOfFacets(shown.facets)).toEqual(counted);
    } finally {
      await reader.close();
    }
  });
});
