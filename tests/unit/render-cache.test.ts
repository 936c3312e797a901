import pino from "pino";
import { describe, expect, it } from "vitest";
import type { PageKey } from "#server/render-cache/page-key.server";
import {
  COUNT_LAG_MS,
  freshnessOf,
  MAX_AGE_MS,
  RenderCache,
  STALE_LIMIT_MS,
} from "#server/render-cache/render-cache.server";
import { RenderBudget } from "#server/render-cache/render-budget.server";
import type { RenderedPage } from "#server/render-cache/rendered-page.server";
import { RenderGate, SingleFlight } from "#server/core/single-flight.server";

// Decision 013: the freshness rule, one render per key, and a bounded number of renders at once.

const home: PageKey = { path: "/", isLongTail: false };
const search: PageKey = { path: "/ai-tools?search=crm", isLongTail: true };
const VISITOR = { client: "203.0.113.7" };

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A cache over a fake catalogue and clock whose renders say which render they were. */
function setUp({ status = 200, maxBytes = 1_000_000 } = {}) {
  const catalogue = { catalogueRevision: 1, snapshot: {} as object };
  const clock = { now: 0 };
  const renders: string[] = [];
  /** While set, renders wait for it. */
  const held: { until: Promise<void> | null } = { until: null };
  const cache = new RenderCache({
    maxBytes,
    catalogue,
    budget: new RenderBudget({ slots: 2, maxWaitingCost: 100, clientShare: 100 }),
    logger: pino({ level: "silent" }),
    now: () => clock.now,
    render: async (path) => {
      renders.push(path);
      const html = Buffer.from(`render ${renders.length} of ${path}`);
      await held.until;
      return {
        status,
        contentType: "text/html",
        location: null,
        isStorable: status === 200,
        body: { identity: html, br: html, gzip: html },
        etag: `W/"${renders.length}"`,
        contentSecurityPolicy: "",
        bytes: 100,
      } satisfies RenderedPage;
    },
  });
  const text = async (key: PageKey) => {
    const { page, outcome } = await cache.page(key, VISITOR);
    return `${outcome} ${page.body.identity.toString()}`;
  };
  return { cache, catalogue, clock, renders, text, held };
}

describe("the render cache", () => {
  it("renders a page once and answers from memory after that", async () => {
    const { text, renders } = setUp();
    expect(await text(home)).toBe("MISS render 1 of /");
    expect(await text(home)).toBe("HIT render 1 of /");
    expect(renders).toEqual(["/"]);
  });

  it("never answers from a page rendered before the catalogue changed", async () => {
    const { text, catalogue, clock } = setUp();
    await text(home);
    catalogue.catalogueRevision = 2;
    clock.now = 1;
    expect(await text(home)).toBe("MISS render 2 of /");
  });

  it("does not keep a page whose render started before the catalogue changed", async () => {
    const { cache, catalogue, text } = setUp();
    const rendering = cache.page(home, VISITOR);
    catalogue.catalogueRevision = 2;
    await rendering;
    expect(await text(home)).toBe("MISS render 2 of /");
  });

  it("lets counts lag for a few seconds, then serves the page stale once while it renders again", async () => {
    const { text, catalogue, clock, renders, held } = setUp();
    await text(home);
    catalogue.snapshot = {};
    clock.now = COUNT_LAG_MS - 1;
    expect(await text(home)).toBe("HIT render 1 of /");
    clock.now = COUNT_LAG_MS;
    const rendering = deferred<void>();
    held.until = rendering.promise;
    expect(await text(home)).toBe("STALE render 1 of /");
    expect(await text(home)).toBe("STALE render 1 of /");
    rendering.resolve();
    await settle();
    expect(renders).toHaveLength(2);
    expect(await text(home)).toBe("HIT render 2 of /");
  });

  it("renders a page whose counts changed long ago before answering", async () => {
    const { text, catalogue, clock } = setUp();
    await text(home);
    catalogue.snapshot = {};
    clock.now = STALE_LIMIT_MS;
    expect(await text(home)).toBe("MISS render 2 of /");
  });

  it("joins concurrent requests for a page to one render", async () => {
    const { cache, renders } = setUp();
    const answers = await Promise.all([
      cache.page(home, VISITOR),
      cache.page(home, VISITOR),
      cache.page(home, VISITOR),
    ]);
    expect(renders).toEqual(["/"]);
    expect(answers.map((answer) => answer.outcome)).toEqual(["MISS", "MISS", "MISS"]);
  });

  it("keeps a search only once it was asked for twice", async () => {
    const { text } = setUp();
    expect(await text(search)).toBe("MISS render 1 of /ai-tools?search=crm");
    expect(await text(search)).toBe("MISS render 2 of /ai-tools?search=crm");
    expect(await text(search)).toBe("HIT render 2 of /ai-tools?search=crm");
  });

  it("keeps no error page, and none when the cache is full", async () => {
    const notFound = setUp({ status: 404 });
    await notFound.text(home);
    expect(await notFound.text(home)).toBe("MISS render 2 of /");
    const tiny = setUp({ maxBytes: 50 });
    await tiny.text(home);
    expect(await tiny.text(home)).toBe("MISS render 2 of /");
  });
});

describe("the freshness rule", () => {
  const entry = { revision: 3, counts: {}, renderedAt: 0 };
  it("is fresh while the revision and counts are unchanged, up to the maximum age", () => {
    expect(freshnessOf(entry, 1000, { revision: 3, counts: entry.counts })).toBe("fresh");
    expect(freshnessOf(entry, MAX_AGE_MS, { revision: 3, counts: entry.counts })).toBe("expired");
  });
  it("expires at once when the revision moved", () => {
    expect(freshnessOf(entry, 0, { revision: 4, counts: entry.counts })).toBe("expired");
  });
  it("tolerates changed counts for COUNT_LAG_MS, then is stale up to STALE_LIMIT_MS", () => {
    const moved = { revision: 3, counts: {} };
    expect(freshnessOf(entry, COUNT_LAG_MS - 1, moved)).toBe("fresh");
    expect(freshnessOf(entry, COUNT_LAG_MS, moved)).toBe("stale");
    expect(freshnessOf(entry, STALE_LIMIT_MS, moved)).toBe("expired");
  });
});

describe("single flight and the render gate", () => {
  it("runs one job per key at a time and starts afresh after it ends", async () => {
    const flights = new SingleFlight<number>();
    let runs = 0;
    const job = deferred<number>();
    const first = flights.run("k", () => (runs++, job.promise));
    const second = flights.run("k", () => (runs++, Promise.resolve(-1)));
    job.resolve(7);
    expect([await first, await second]).toEqual([7, 7]);
    expect(await flights.run("k", () => (runs++, Promise.resolve(8)))).toBe(8);
    expect(runs).toBe(2);
  });

  it("lets at most its limit run at once, the rest in order of arrival", async () => {
    const gate = new RenderGate(2);
    const jobs = [0, 1, 2, 3].map(() => deferred<void>());
    const started: number[] = [];
    const runs = jobs.map((job, n) => gate.run(() => (started.push(n), job.promise)));
    await settle();
    expect(started).toEqual([0, 1]);
    expect(gate.waiting).toBe(2);
    jobs[1]!.resolve();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    for (const job of jobs) job.resolve();
    await Promise.all(runs);
    expect(started).toEqual([0, 1, 2, 3]);
  });
});
