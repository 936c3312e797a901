import { afterEach, describe, expect, it, vi } from "vitest";
import { popularity } from "#server/search/relevance.server";
import { SnapshotKeeper, snapshotOfRows } from "#server/snapshot/snapshot-keeper.server";
import { withCounts, type CountChange } from "#server/snapshot/recount.server";
import type { CatalogueSnapshot, FixedSort } from "#server/snapshot/snapshot.server";
import type { Database } from "#server/db/client.server";
import type { NewToolRow } from "#server/db/schema";
import { parseLiveEvent, type LiveEvent } from "#server/live/live-events.server";
import { LiveHub } from "#server/live/live-hub.server";
import type { CatalogueRow } from "#server/snapshot/tool-shapes.server";
import { createToolRow } from "../factories";

const FIXED_SORTS: readonly FixedSort[] = ["Newest", "Most Liked", "Most Viewed", "Rating"];

/** A row as the catalogue reads it from the database. */
function catalogueRow(overrides: Partial<NewToolRow> & { id: string }): CatalogueRow {
  const row = createToolRow({ slug: overrides.id, ...overrides });
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    category: row.category ?? null,
    subCategory: row.subCategory ?? null,
    cardDescription: row.cardDescription ?? null,
    pricingModel: row.pricingModel ?? null,
    pricingAmount: row.pricingAmount ?? null,
    ratingAvg: row.ratingAvg ?? 0,
    views: row.views ?? 0,
    likesTotal: row.likesTotal ?? 0,
    image: row.image ?? null,
    mainImage: row.mainImage ?? null,
    createdAt: row.createdAt!,
    hashtags: row.hashtags ?? [],
    keyFeatures: row.keyFeatures ?? [],
    longDescription: row.longDescription ?? null,
    seoTitleTag: row.seoTitleTag ?? null,
    seoMetaDescription: row.seoMetaDescription ?? null,
    facts: row.facts ?? {},
    plans: row.plans ?? [],
  };
}

const month = (m: number) => new Date(Date.UTC(2025, m - 1, 1));
/** Oldest first; the snapshot lists them newest first. */
const ROWS: readonly CatalogueRow[] = [
  catalogueRow({
    id: "alpha",
    name: "Alpha",
    createdAt: month(1),
    likesTotal: 50,
    views: 100,
    ratingAvg: 4,
  }),
  catalogueRow({
    id: "bravo",
    name: "Bravo",
    createdAt: month(2),
    likesTotal: 40,
    views: 5000,
    ratingAvg: 3,
  }),
  catalogueRow({
    id: "charlie",
    name: "Charlie",
    createdAt: month(3),
    likesTotal: 30,
    views: 300,
    ratingAvg: 5,
  }),
  catalogueRow({
    id: "delta",
    name: "Delta",
    createdAt: month(4),
    likesTotal: 20,
    views: 20,
    ratingAvg: 4.5,
  }),
  catalogueRow({
    id: "echo",
    name: "Echo",
    createdAt: month(5),
    likesTotal: 10,
    views: 10_000,
    ratingAvg: 2,
  }),
  catalogueRow({
    id: "foxtrot",
    name: "Foxtrot",
    createdAt: month(6),
    likesTotal: 5,
    views: 0,
    ratingAvg: 1,
  }),
  catalogueRow({
    id: "golf",
    name: "Golf",
    createdAt: month(7),
    likesTotal: 0,
    views: 50,
    ratingAvg: 3.5,
  }),
];

const ids = (tools: readonly { id: string }[]) => tools.map((tool) => tool.id);
const changes = (entries: Record<string, CountChange>) => new Map(Object.entries(entries));
/** The rows with some counts changed, as a reload from the database would read them. */
const rowsWith = (entries: Record<string, CountChange>) =>
  ROWS.map((row) => ({ ...row, ...entries[row.id] }));

/** Every sort's ranks agree with its sorted list, and every list holds the snapshot's own cards. */
function expectConsistent(snapshot: CatalogueSnapshot) {
  const position = new Map(snapshot.tools.map((tool, index) => [tool, index]));
  for (const sort of FIXED_SORTS) {
    const sorted = snapshot.sorted[sort];
    expect(sorted).toHaveLength(snapshot.tools.length);
    expect(snapshot.rank[sort]).toHaveLength(snapshot.tools.length);
    sorted.forEach((tool, place) => {
      expect(position.has(tool)).toBe(true);
      expect(snapshot.rank[sort][position.get(tool)!]).toBe(place);
    });
  }
  for (const map of [snapshot.byId, snapshot.bySlug, snapshot.byNameSlug]) {
    for (const tool of map.values()) expect(position.has(tool)).toBe(true);
  }
  for (const tool of snapshot.topTools) expect(position.has(tool)).toBe(true);
  snapshot.tools.forEach((tool, doc) => {
    expect(snapshot.searchIndex.popularity[doc]).toBe(Math.fround(popularity(tool)));
  });
}

describe("withCounts", () => {
  const before = snapshotOfRows(ROWS);

  it("starts from the expected orders", () => {
    expect(ids(before.tools)).toEqual([
      "golf",
      "foxtrot",
      "echo",
      "delta",
      "charlie",
      "bravo",
      "alpha",
    ]);
    expect(ids(before.sorted["Most Liked"])).toEqual([
      "alpha",
      "bravo",
      "charlie",
      "delta",
      "echo",
      "foxtrot",
      "golf",
    ]);
    expectConsistent(before);
  });

  it("reorders Most Liked and the top tools, ties newest first", () => {
    const change = { golf: { likesTotal: 100 }, foxtrot: { likesTotal: 30 } };
    const after = withCounts(before, changes(change));

    expect(ids(after.sorted["Most Liked"])).toEqual([
      "golf",
      "alpha",
      "bravo",
      "foxtrot",
      "charlie",
      "delta",
      "echo",
    ]);
    expect(ids(after.topTools)).toEqual(["golf", "alpha", "bravo", "foxtrot", "charlie"]);
    expect(after.topTools).toHaveLength(5);
    expect(after.topTools[0]!.likesTotal).toBe(100);
    expect(after.rank["Most Liked"][0]).toBe(0); // golf is newest: position 0, first place
    expect(after.rank["Most Liked"][1]).toBe(3); // foxtrot
    expect(after.rank["Most Liked"][4]).toBe(4); // charlie, after foxtrot on the tie
    expectConsistent(after);

    // Exactly what a full rebuild from the changed rows gives.
    const rebuilt = snapshotOfRows(rowsWith(change));
    for (const sort of FIXED_SORTS) {
      expect(ids(after.sorted[sort])).toEqual(ids(rebuilt.sorted[sort]));
      expect([...after.rank[sort]]).toEqual([...rebuilt.rank[sort]]);
    }
    expect(after.tools).toEqual(rebuilt.tools);
    expect([...after.searchIndex.popularity]).toEqual([...rebuilt.searchIndex.popularity]);
    expect(ids(after.topTools)).toEqual(ids(rebuilt.topTools));
  });

  it("hands out the new cards everywhere and leaves the old snapshot as it was", () => {
    const after = withCounts(before, changes({ golf: { likesTotal: 100 } }));
    const golf = after.tools[0]!;
    expect(golf).toMatchObject({ id: "golf", likesTotal: 100, views: 50 });
    expect(after.byId.get("golf")).toBe(golf);
    expect(after.bySlug.get("golf")).toBe(golf);
    expect(after.byNameSlug.get("golf")).toBe(golf);
    for (const sort of FIXED_SORTS) expect(after.sorted[sort]).toContain(golf);

    // Unchanged tools keep their card objects.
    expect(after.byId.get("alpha")).toBe(before.byId.get("alpha"));

    expect(before.byId.get("golf")!.likesTotal).toBe(0);
    expect(before.bySlug.get("golf")!.likesTotal).toBe(0);
    expect(ids(before.sorted["Most Liked"]).at(-1)).toBe("golf");
    expect(before.topTools.map((tool) => tool.likesTotal)).toEqual([50, 40, 30, 20, 10]);
  });

  it("updates the search popularity of the changed tool only", () => {
    const after = withCounts(
      before,
      changes({ golf: { likesTotal: 10 }, echo: { views: 20_000 } }),
    );
    const docOf = (id: string) => after.tools.findIndex((tool) => tool.id === id);
    // golf: 50 views -> 0.5, likes 10 x 2 = 20 (was 0), rating 3.5 x 5 = 17.5
    expect(before.searchIndex.popularity[docOf("golf")]).toBe(18);
    expect(after.searchIndex.popularity[docOf("golf")]).toBe(38);
    // echo: views 20,000 / 100 = 200, capped at 50 (was 100, also capped): no change there
    expect(after.searchIndex.popularity[docOf("echo")]).toBe(
      before.searchIndex.popularity[docOf("echo")],
    );
    for (const id of ["alpha", "bravo", "charlie", "delta", "foxtrot"]) {
      expect(after.searchIndex.popularity[docOf(id)]).toBe(
        before.searchIndex.popularity[docOf(id)],
      );
    }
    // The rest of the index is shared, not rebuilt.
    expect(after.searchIndex.words).toBe(before.searchIndex.words);
    expect(after.searchIndex.postings).toBe(before.searchIndex.postings);
  });

  it("reorders Most Viewed and leaves the Newest and Rating orders as they were", () => {
    const after = withCounts(
      before,
      changes({ alpha: { views: 20_000 }, golf: { likesTotal: 100 } }),
    );
    expect(ids(after.sorted["Most Viewed"])).toEqual([
      "alpha",
      "echo",
      "bravo",
      "charlie",
      "golf",
      "delta",
      "foxtrot",
    ]);
    expect(ids(after.sorted.Newest)).toEqual(ids(before.sorted.Newest));
    expect(ids(after.sorted.Rating)).toEqual(ids(before.sorted.Rating));
    expect(ids(after.sorted.Rating)).toEqual([
      "charlie",
      "delta",
      "alpha",
      "golf",
      "bravo",
      "echo",
      "foxtrot",
    ]);
    expect([...after.rank.Newest]).toEqual([...before.rank.Newest]);
    expect([...after.rank.Rating]).toEqual([...before.rank.Rating]);
    expect(after.stats).toBe(before.stats);
    expectConsistent(after);
  });

  it("returns the same snapshot when nothing changes", () => {
    expect(withCounts(before, new Map())).toBe(before);
    expect(withCounts(before, changes({ "no-such-tool": { likesTotal: 3 } }))).toBe(before);
    expect(withCounts(before, changes({ golf: {} }))).toBe(before);
    expect(withCounts(before, changes({ alpha: { likesTotal: 50, views: 100 } }))).toBe(before);
    expect(withCounts(before, changes({ alpha: { likesTotal: 50 }, golf: { views: 50 } }))).toBe(
      before,
    );
  });
});

describe("SnapshotKeeper.apply", () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const keeperOf = async () => {
    const db = { query: { tools: { findMany: async () => ROWS } } } as unknown as Database;
    const keeper = new SnapshotKeeper(db);
    await keeper.reload();
    return keeper;
  };
  const like = (id: number, toolId: string, likesTotal: number): LiveEvent => ({
    id,
    type: "like",
    toolId,
    likesTotal,
    userId: "someone",
    isLiked: true,
  });

  it("applies queued events together on flushCounts, the latest count winning", async () => {
    const keeper = await keeperOf();
    const loaded = keeper.snapshot;
    keeper.apply(like(1, "golf", 60));
    keeper.apply({
      id: 2,
      type: "views",
      counts: [
        ["golf", 70],
        ["alpha", 20_000],
        ["gone", 5],
      ],
    });
    keeper.apply(like(3, "golf", 61));
    expect(keeper.snapshot).toBe(loaded);

    keeper.flushCounts();
    const after = keeper.snapshot;
    expect(after).not.toBe(loaded);
    expect(after.byId.get("golf")).toMatchObject({ likesTotal: 61, views: 70 });
    expect(after.byId.get("alpha")).toMatchObject({ likesTotal: 50, views: 20_000 });
    expect(after.byId.has("gone")).toBe(false);
    expect(ids(after.topTools)).toEqual(["golf", "alpha", "bravo", "charlie", "delta"]);

    // Nothing queued: a flush keeps the snapshot.
    keeper.flushCounts();
    expect(keeper.snapshot).toBe(after);
  });

  it("applies queued events by itself within 100 ms", async () => {
    const keeper = await keeperOf();
    vi.useFakeTimers();
    const loaded = keeper.snapshot;
    keeper.apply(like(1, "foxtrot", 45));
    vi.advanceTimersByTime(99);
    expect(keeper.snapshot).toBe(loaded);
    vi.advanceTimersByTime(1);
    expect(keeper.snapshot.byId.get("foxtrot")!.likesTotal).toBe(45);
    expect(ids(keeper.snapshot.sorted["Most Liked"]).slice(0, 3)).toEqual([
      "alpha",
      "foxtrot",
      "bravo",
    ]);
  });
});

describe("LiveHub", () => {
  const likeEvent = (id: number): LiveEvent => ({
    id,
    type: "like",
    toolId: `tool-${id % 7}`,
    likesTotal: id,
    userId: "someone",
    isLiked: id % 2 === 0,
  });
  const hubWith = (eventIds: readonly number[]) => {
    const hub = new LiveHub();
    for (const id of eventIds) hub.receive(likeEvent(id));
    return hub;
  };

  it("asks for a fresh start when it cannot know every missed event", () => {
    // Started after the browser's last event: what happened in between is unknown.
    expect(new LiveHub().since(50)).toBeNull();
    expect(hubWith([100, 101]).since(50)).toBeNull();
    const hub = hubWith([51, 52, 53]);
    expect(hub.since(50)?.map((event) => event.id)).toEqual([51, 52, 53]);
    // The listening connection was lost: kept events no longer tell the whole story.
    const told: string[] = [];
    hub.subscribe((event) => told.push(event.type));
    hub.resync();
    expect(hub.since(52)).toBeNull();
    expect(told).toEqual(["resync"]);
  });
  const upTo = (last: number, first = 1) =>
    Array.from({ length: last - first + 1 }, (_, index) => first + index);

  it("hands every event to every subscriber, in order, until it unsubscribes", () => {
    const hub = new LiveHub();
    const first: number[] = [];
    const second: number[] = [];
    const stopFirst = hub.subscribe((event) => {
      if (event.type !== "resync" && event.type !== "closing") first.push(event.id);
    });
    hub.subscribe((event) => {
      if (event.type !== "resync" && event.type !== "closing") second.push(event.id);
    });
    expect(hub.subscriberCount).toBe(2);

    hub.receive(likeEvent(1));
    hub.receive({ id: 2, type: "views", counts: [["tool-1", 9]] });
    hub.receive(likeEvent(3));
    stopFirst();
    expect(hub.subscriberCount).toBe(1);
    hub.receive(likeEvent(4));

    expect(first).toEqual([1, 2, 3]);
    expect(second).toEqual([1, 2, 3, 4]);
  });

  it("replays only the events after the last one seen", () => {
    const hub = hubWith(upTo(10));
    expect(hub.since(7)!.map((event) => event.id)).toEqual([8, 9, 10]);
    expect(hub.since(10)).toEqual([]);
    expect(hub.since(0)!.map((event) => event.id)).toEqual(upTo(10));
    expect(hub.since(3)![0]).toEqual(likeEvent(4));
    // Ids from the shared sequence may skip (a rolled-back transaction took one).
    expect(
      hubWith([1, 2, 5, 6])
        .since(2)!
        .map((event) => event.id),
    ).toEqual([5, 6]);
  });

  it("keeps the last 5000 events, and says when a reconnect needs more than that", () => {
    const full = hubWith(upTo(5000));
    expect(full.since(0)).toHaveLength(5000);

    const over = hubWith(upTo(5001));
    expect(over.since(0)).toBeNull();
    const kept = over.since(1)!;
    expect(kept).toHaveLength(5000);
    expect(kept[0]!.id).toBe(2);
    expect(kept.at(-1)!.id).toBe(5001);
    expect(over.since(4990)!.map((event) => event.id)).toEqual(upTo(5001, 4991));

    const far = hubWith(upTo(12_000));
    expect(far.since(6999)).toBeNull();
    expect(far.since(7000)!.map((event) => event.id)).toEqual(upTo(12_000, 7001));
  });
});

describe("parseLiveEvent", () => {
  const like = { id: 12, type: "like", toolId: "t1", likesTotal: 3, userId: "u1", isLiked: true };
  const views = {
    id: 13,
    type: "views",
    counts: [
      ["t1", 40],
      ["t2", 0],
    ],
  };

  it("reads both kinds of event", () => {
    expect(parseLiveEvent(JSON.stringify(like))).toEqual(like);
    expect(parseLiveEvent(JSON.stringify({ ...like, isLiked: false, likesTotal: 0 }))).toEqual({
      ...like,
      isLiked: false,
      likesTotal: 0,
    });
    expect(parseLiveEvent(JSON.stringify(views))).toEqual(views);
    expect(parseLiveEvent(JSON.stringify({ ...views, counts: [] }))).toEqual({
      ...views,
      counts: [],
    });
    // As PostgreSQL writes it (jsonb: keys reordered, spaces after separators).
    expect(
      parseLiveEvent(
        '{"id": 12, "type": "like", "toolId": "t1", "userId": "u1", "isLiked": true, "likesTotal": 3}',
      ),
    ).toEqual(like);
  });

  it.each([
    ["not JSON", "{oops"],
    ["empty", ""],
    ["null", "null"],
    ["a number", "42"],
    ["an array", JSON.stringify([like])],
    ["an unknown type", JSON.stringify({ ...like, type: "rating" })],
    ["no type", JSON.stringify({ ...like, type: undefined })],
    ["a negative like count", JSON.stringify({ ...like, likesTotal: -1 })],
    ["a fractional like count", JSON.stringify({ ...like, likesTotal: 1.5 })],
    ["a count as text", JSON.stringify({ ...like, likesTotal: "3" })],
    ["no id", JSON.stringify({ ...like, id: undefined })],
    ["a zero id", JSON.stringify({ ...like, id: 0 })],
    ["a negative id", JSON.stringify({ ...like, id: -4 })],
    ["a fractional id", JSON.stringify({ ...like, id: 1.5 })],
    ["no user", JSON.stringify({ ...like, userId: undefined })],
    ["isLiked as text", JSON.stringify({ ...like, isLiked: "true" })],
    ["a like with views' fields", JSON.stringify({ ...views, type: "like" })],
    ["a negative view count", JSON.stringify({ ...views, counts: [["t1", -1]] })],
    ["a fractional view count", JSON.stringify({ ...views, counts: [["t1", 0.5]] })],
    ["a count pair too short", JSON.stringify({ ...views, counts: [["t1"]] })],
    ["a count pair reversed", JSON.stringify({ ...views, counts: [[40, "t1"]] })],
    ["counts as an object", JSON.stringify({ ...views, counts: { t1: 40 } })],
  ])("rejects %s", (_, payload) => {
    expect(parseLiveEvent(payload)).toBeNull();
  });
});
