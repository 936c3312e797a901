import pino from "pino";
import { describe, expect, it } from "vitest";
import type { PageKey } from "#server/render-cache/page-key.server";
import {
  RenderAbandoned,
  RenderBudget,
  RenderRefused,
  renderBudgetOf,
} from "#server/render-cache/render-budget.server";
import { RenderCache } from "#server/render-cache/render-cache.server";
import { renderCostOf } from "#server/render-cache/render-cost.server";
import type { RenderedPage } from "#server/render-cache/rendered-page.server";

// Decision 023: the render flood (40 distinct uncached searches, each closed after 0.2 s) meets a
// bounded budget: a cap on what waits, a share per client, gone clients' renders dropped unrun,
// and expensive pages charged more.

const floodPage = (n: number): PageKey => ({
  path: `/ai-tools?limit=300&search=ai+flood${n}`,
  isLongTail: true,
});
const toolPage: PageKey = { path: "/ai-tools/writing/copy/jasper", isLongTail: false };
const ATTACKER = "198.51.100.9";
const VISITOR = "203.0.113.7";

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A cache on the budget of a 2-core machine whose renders wait until released. */
function setUp() {
  const started: string[] = [];
  const signals: AbortSignal[] = [];
  const releases: (() => void)[] = [];
  const cache = new RenderCache({
    maxBytes: 1_000_000,
    catalogue: { catalogueRevision: 1, snapshot: {} },
    budget: new RenderBudget(renderBudgetOf(2)),
    logger: pino({ level: "silent" }),
    render: async (path, signal) => {
      started.push(path);
      signals.push(signal);
      await new Promise<void>((resolve) => releases.push(resolve));
      const html = Buffer.from(path);
      return {
        status: 200,
        contentType: "text/html",
        location: null,
        isStorable: true,
        body: { identity: html, br: html, gzip: html },
        etag: 'W/"1"',
        contentSecurityPolicy: "",
        bytes: 100,
      } satisfies RenderedPage;
    },
  });
  const releaseAll = async () => {
    while (releases.length > 0) {
      releases.shift()!();
      await settle();
    }
  };
  return { cache, started, signals, releaseAll };
}

/** What became of a request: rendered, or refused or dropped by the budget. */
function outcomeOf(answer: Promise<unknown>): Promise<string> {
  return answer.then(
    () => "rendered",
    (error: unknown) =>
      error instanceof RenderRefused
        ? error.reason
        : error instanceof RenderAbandoned
          ? "dropped"
          : "failed",
  );
}

describe("a render flood from one client", () => {
  it("gets one flood page rendering at a time and the rest refused, leaving a slot for others", async () => {
    const { cache, started, releaseAll } = setUp();
    const flood = Array.from({ length: 40 }, (_, n) =>
      outcomeOf(cache.page(floodPage(n), { client: ATTACKER })),
    );
    const visitor = outcomeOf(cache.page(toolPage, { client: VISITOR }));
    await settle();
    expect(started).toEqual([floodPage(0).path, toolPage.path]);
    await releaseAll();
    const outcomes = await Promise.all(flood);
    expect(outcomes.filter((outcome) => outcome === "rendered")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "over-share")).toHaveLength(39);
    expect(await visitor).toBe("rendered");
  });
});

describe("a render flood from many clients", () => {
  it("refuses renders beyond the waiting cap as busy", async () => {
    const { cache, releaseAll } = setUp();
    const flood = Array.from({ length: 40 }, (_, n) =>
      outcomeOf(cache.page(floodPage(n), { client: `198.51.100.${n}` })),
    );
    await settle();
    await releaseAll();
    const outcomes = await Promise.all(flood);
    // Two run at once; 32 units of cost wait: five flood pages of 6.
    expect(outcomes.filter((outcome) => outcome === "rendered")).toHaveLength(2 + 5);
    expect(outcomes.filter((outcome) => outcome === "busy")).toHaveLength(40 - 7);
  });

  it("drops the renders of clients that went away before they started", async () => {
    const { cache, started, releaseAll } = setUp();
    const clients = Array.from({ length: 7 }, () => new AbortController());
    const flood = clients.map((client, n) =>
      outcomeOf(cache.page(floodPage(n), { client: `198.51.100.${n}`, signal: client.signal })),
    );
    await settle();
    for (const client of clients) client.abort();
    const visitor = outcomeOf(cache.page(toolPage, { client: VISITOR }));
    await releaseAll();
    // The two running were told to stop too (below); the five waiting never started.
    expect(await Promise.all(flood)).toEqual(Array.from({ length: 7 }, () => "dropped"));
    expect(started).toEqual([floodPage(0).path, floodPage(1).path, toolPage.path]);
    expect(await visitor).toBe("rendered");
  });

  it("renders a page one client left while another still waits for it", async () => {
    const { cache, started, releaseAll } = setUp();
    const busy = [1, 2].map((n) => outcomeOf(cache.page(floodPage(n), { client: `a${n}` })));
    const gone = new AbortController();
    const first = outcomeOf(cache.page(toolPage, { client: ATTACKER, signal: gone.signal }));
    const second = outcomeOf(cache.page(toolPage, { client: VISITOR }));
    await settle();
    gone.abort();
    await releaseAll();
    await Promise.all(busy);
    expect(await second).toBe("rendered");
    expect(await first).toBe("rendered");
    expect(started).toContain(toolPage.path);
  });
});

describe("a render whose clients all left while it ran", () => {
  it("is told to stop, is not kept, and frees its client's share", async () => {
    const { cache, started, signals, releaseAll } = setUp();
    const gone = new AbortController();
    const first = outcomeOf(cache.page(floodPage(1), { client: ATTACKER, signal: gone.signal }));
    await settle();
    gone.abort();
    expect(signals[0]!.aborted).toBe(true);
    await releaseAll();
    expect(await first).toBe("dropped");
    const second = outcomeOf(cache.page(floodPage(2), { client: ATTACKER }));
    await settle();
    await releaseAll();
    expect(await second).toBe("rendered");
    expect(started).toHaveLength(2);
  });
});

describe("what a render costs", () => {
  it("charges a plain page 1, a search more, several words and many cards more again", () => {
    const cost = (query: string) => renderCostOf(new URL(`http://localhost/ai-tools${query}`));
    expect(cost("")).toBe(1);
    expect(cost("?search=crm")).toBe(2);
    expect(cost("?search=crm+for+dentists")).toBe(3);
    expect(cost("?limit=121")).toBe(2);
    expect(cost("?limit=300&search=ai+x")).toBe(6);
    expect(cost("?limit=100000")).toBe(4);
  });
});
