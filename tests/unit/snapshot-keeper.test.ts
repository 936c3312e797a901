import { describe, expect, it } from "vitest";
import type { Database } from "#server/db/client.server";
import type { LiveEvent } from "#server/live/live-events.server";
import type { CatalogueRow } from "#server/snapshot/tool-shapes.server";
import { SnapshotKeeper, snapshotOfRows } from "#server/snapshot/snapshot-keeper.server";
import { FIXED_SORTS, type CatalogueSnapshot } from "#server/snapshot/snapshot.server";

type Row = CatalogueRow & { status: string };

const row = (id: string, day: number, overrides: Partial<Row> = {}): Row => ({
  id,
  slug: id,
  name: `Tool ${id}`,
  category: "Sales",
  subCategory: "Lead Generation",
  cardDescription: `Finds leads for ${id}.`,
  pricingModel: "Free",
  pricingAmount: "Free",
  ratingAvg: day % 5,
  views: day * 10,
  likesTotal: day,
  image: null,
  mainImage: null,
  createdAt: new Date(Date.UTC(2025, 0, day)),
  hashtags: ["leads"],
  keyFeatures: ["Lead lists"],
  longDescription: `A long text about ${id}.`,
  seoTitleTag: null,
  seoMetaDescription: null,
  facts: {},
  plans: [],
  status: "online",
  ...overrides,
});

/**
 * A database holding `table`: a reload reads its online rows, a refresh the rows it names (as the
 * real query does, whatever their status). Each read can be held until released.
 */
function fakeDatabase(table: Map<string, Row>) {
  const reads: { ids: string[] | "all"; release: () => void }[] = [];
  let holding = false;
  const db = {
    query: {
      tools: {
        findMany: async (options: { where: unknown }) => {
          const ids = idsIn(options.where);
          if (holding) await new Promise<void>((release) => reads.push({ ids, release }));
          else reads.push({ ids, release: () => {} });
          const rows = [...table.values()];
          return ids === "all"
            ? rows.filter((r) => r.status === "online")
            : rows.filter((r) => ids.includes(r.id));
        },
      },
    },
  } as unknown as Database;
  return { db, reads, hold: (value: boolean) => (holding = value) };
}

/** The values of a drizzle condition: the ids of `inArray(tools.id, ids)`, or "all" for the reload's. */
function idsIn(where: unknown): string[] | "all" {
  const values: string[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown) => {
    if (!value || typeof value !== "object" || seen.has(value)) return;
    seen.add(value);
    const { value: param } = value as { value?: unknown };
    if ("encoder" in value && typeof param === "string") values.push(param);
    for (const child of Object.values(value)) visit(child);
  };
  visit(where);
  return values.includes("online") ? "all" : values;
}

const catalogueEvent = (id: number, toolIds: string[]): LiveEvent => ({
  id,
  type: "catalogue",
  toolIds,
});

/** What a reader sees: the tools in every order, and what a search finds. */
function seen(snapshot: CatalogueSnapshot) {
  return {
    sorted: FIXED_SORTS.map((sort) => snapshot.sorted[sort].map((tool) => tool.id)),
    stats: snapshot.stats,
    words: snapshot.searchIndex.words,
  };
}

describe("SnapshotKeeper updates", () => {
  it("reads only the changed tools and ends where a full reload would", async () => {
    const table = new Map(["a", "b", "c", "d"].map((id, k) => [id, row(id, k + 1)]));
    const { db, reads } = fakeDatabase(table);
    const keeper = new SnapshotKeeper(db);
    await keeper.reload();
    const loaded = keeper.snapshot;

    table.set("b", row("b", 2, { name: "Renamed Zebra", category: "Marketing" }));
    table.set("c", row("c", 3, { status: "offline" }));
    table.set("e", row("e", 9));
    table.delete("d");
    keeper.apply(catalogueEvent(1, ["b", "c", "d", "e"]));
    await keeper.settled();

    expect(reads.at(-1)!.ids).toEqual(["b", "c", "d", "e"]);
    const online = [...table.values()].filter((r) => r.status === "online");
    expect(seen(keeper.snapshot)).toEqual(seen(snapshotOfRows(online)));
    expect(keeper.snapshot.byId.get("b")!.name).toBe("Renamed Zebra");
    // The snapshot readers held is as it was.
    expect(seen(loaded)).toEqual(
      seen(snapshotOfRows(["a", "b", "c", "d"].map((id, k) => row(id, k + 1)))),
    );
  });

  it("counts catalogue updates in catalogueRevision, never count changes", async () => {
    const table = new Map([["a", row("a", 1)]]);
    const keeper = new SnapshotKeeper(fakeDatabase(table).db);
    await keeper.reload();
    expect(keeper.catalogueRevision).toBe(1);
    keeper.apply({ id: 1, type: "like", toolId: "a", likesTotal: 40, userId: "u", isLiked: true });
    keeper.flushCounts();
    expect(keeper.snapshot.byId.get("a")!.likesTotal).toBe(40);
    expect(keeper.catalogueRevision).toBe(1);
    keeper.apply(catalogueEvent(2, ["a"]));
    await keeper.settled();
    expect(keeper.catalogueRevision).toBe(2);
  });

  it("applies a comments event's average to the card and the Rating order", async () => {
    const table = new Map([
      ["a", row("a", 1, { ratingAvg: 4 })],
      ["b", row("b", 2, { ratingAvg: 3 })],
    ]);
    const keeper = new SnapshotKeeper(fakeDatabase(table).db);
    await keeper.reload();
    const comments = { type: "comments" as const, ratingCount: 2, commentCount: 3 };
    keeper.apply({ id: 1, ...comments, toolId: "b", ratingAvg: 4.5 });
    keeper.flushCounts();
    expect(keeper.snapshot.byId.get("b")!.ratingAvg).toBe(4.5);
    expect(keeper.snapshot.sorted.Rating.map((tool) => tool.id)).toEqual(["b", "a"]);
    expect(keeper.catalogueRevision).toBe(1);
  });

  it("gives a comment that leaves the average as it was a new snapshot (cached pages follow)", async () => {
    const table = new Map([["a", row("a", 1, { ratingAvg: 4 })]]);
    const keeper = new SnapshotKeeper(fakeDatabase(table).db);
    await keeper.reload();
    const before = keeper.snapshot;
    keeper.apply({
      id: 1,
      type: "comments",
      toolId: "a",
      ratingAvg: 4,
      ratingCount: 1,
      commentCount: 2,
    });
    keeper.flushCounts();
    expect(keeper.snapshot).not.toBe(before);
    expect(seen(keeper.snapshot)).toEqual(seen(before));
  });

  it("starts an update at once, and folds writes that come while it runs into one more", async () => {
    const table = new Map(["a", "b", "c"].map((id, k) => [id, row(id, k + 1)]));
    const { db, reads, hold } = fakeDatabase(table);
    const keeper = new SnapshotKeeper(db);
    await keeper.reload();
    hold(true);
    keeper.apply(catalogueEvent(1, ["a"]));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads.at(-1)!.ids).toEqual(["a"]);

    keeper.apply(catalogueEvent(2, ["b"]));
    keeper.apply(catalogueEvent(3, ["c"]));
    hold(false);
    reads.at(-1)!.release();
    await keeper.settled();
    expect(reads.map((read) => read.ids)).toEqual(["all", ["a"], ["b", "c"]]);
    expect(keeper.catalogueRevision).toBe(3);
  });
});
