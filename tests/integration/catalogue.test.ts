import pino from "pino";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countCategories } from "~/lib/category-stats";
import { SnapshotKeeper } from "#server/snapshot/snapshot-keeper.server";
import type { DatabaseHandle } from "#server/db/client.server";
import { toolLikes, tools } from "#server/db/schema";
import { isCatalogueEmpty, seedDemoCatalogue } from "#server/seed/seed-demo.server";
import { findTools } from "#server/services/tools/find-tools.server";
import { getToolPage } from "#server/services/tools/get-tool-page.server";
import { ViewCounter } from "#server/services/tools/view-counter.server";
import { OncePerWindow } from "#server/services/count-once.server";
import { recordView } from "#server/services/tools/record-view.server";
import { toolQuerySchema } from "~/lib/tool-query";
import { createToolRow } from "../factories";
import { databaseKind, openTestDatabase } from "./test-database";

const DEMO_SIZE = 150;

describe(`catalogue on ${databaseKind}`, () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemoCatalogue(database.db, DEMO_SIZE);
    await database.db.insert(tools).values([
      createToolRow({ id: "draft-1", slug: "draft-one", status: "draft", category: "Sales" }),
      createToolRow({
        id: "offline-1",
        slug: "offline-one",
        status: "offline",
        category: "Sales",
      }),
    ]);
  });
  afterAll(async () => {
    await database.close();
  });

  it("migrates a second time without applying anything again", async () => {
    const countApplied = () =>
      database.db.select({ n: sql<number>`count(*)::int` }).from(sql`drizzle.__drizzle_migrations`);
    const [before] = await countApplied();
    await database.migrate();
    const [after] = await countApplied();
    expect(before?.n).toBeGreaterThan(0);
    expect(after?.n).toBe(before?.n);
  });

  it("seeds the demo catalogue once: a second run adds nothing", async () => {
    expect(await isCatalogueEmpty(database.db)).toBe(false);
    expect(await seedDemoCatalogue(database.db, DEMO_SIZE)).toBe(0);
    const [row] = await database.db
      .select({ total: count() })
      .from(tools)
      .where(eq(tools.source, "demo"));
    expect(row?.total).toBe(DEMO_SIZE);
  });

  it("keeps likes_total equal to the active like rows of every tool", async () => {
    const drift = await database.db
      .select({ id: tools.id })
      .from(tools)
      .where(
        sql`${tools.likesTotal} <> (SELECT count(*) FROM ${toolLikes} WHERE ${toolLikes.toolId} = ${tools.id} AND ${toolLikes.isActive})`,
      );
    expect(drift).toEqual([]);
    const [likes] = await database.db.select({ total: count() }).from(toolLikes);
    expect(likes?.total).toBeGreaterThan(0);
  });

  it("builds a snapshot of the online tools whose statistics match the database", async () => {
    const snapshot = await new SnapshotKeeper(database.db).reload();
    expect(snapshot.tools).toHaveLength(DEMO_SIZE);
    expect(snapshot.byId.has("draft-1")).toBe(false);

    const grouped = await database.db
      .select({ category: tools.category, subCategory: tools.subCategory, total: count() })
      .from(tools)
      .where(eq(tools.status, "online"))
      .groupBy(tools.category, tools.subCategory);
    const expected = countCategories(
      grouped.flatMap((group) => Array.from({ length: group.total }, () => group)),
    );
    expect(snapshot.stats).toEqual(expected);
  });

  it("reads a tool page with rendered Markdown, and nothing for offline or unknown tools", async () => {
    const page = await getToolPage(database.db, "demo-0001");
    expect(page?.tool.name).toBeTruthy();
    expect(page?.longDescriptionHtml).toContain("<h2>");
    expect(await getToolPage(database.db, "offline-1")).toBeNull();
    expect(await getToolPage(database.db, "nope")).toBeNull();
  });

  it("reads the page of a tool stored with a long description nested too deep to render", async () => {
    await database.db.insert(tools).values(
      createToolRow({
        id: "deep-quote-1",
        slug: "deep-quote",
        longDescription: `${">".repeat(3000)} saved before nesting was limited`,
      }),
    );
    const page = await getToolPage(database.db, "deep-quote-1", pino({ level: "silent" }));
    expect(page?.tool.name).toBeTruthy();
    expect(page?.longDescriptionHtml).toBe(
      `<p>${"&gt;".repeat(3000)} saved before nesting was limited</p>\n`,
    );
  });

  it("rejects a negative likes_total", async () => {
    await expect(
      database.db.update(tools).set({ likesTotal: -1 }).where(eq(tools.id, "demo-0001")),
    ).rejects.toThrow();
  });
  it("searches the fields a card does not show, read from the database", async () => {
    const [row] = await database.db
      .select({ id: tools.id, hashtags: tools.hashtags, keyFeatures: tools.keyFeatures })
      .from(tools)
      .where(eq(tools.id, "demo-0002"));
    const feature = row!.keyFeatures![0]!;
    const snapshot = await new SnapshotKeeper(database.db).reload();
    const found = findTools(snapshot, toolQuerySchema.parse({ search: feature, limit: 1000 }));
    expect(found.tools.map((tool) => tool.id)).toContain("demo-0002");
  });

  it("relaxes a stored tool's name with an impossible word added, and respells a typo", async () => {
    const [row] = await database.db
      .select({ name: tools.name })
      .from(tools)
      .where(eq(tools.id, "demo-0002"));
    const snapshot = await new SnapshotKeeper(database.db).reload();
    const search = (text: string) =>
      findTools(snapshot, toolQuerySchema.parse({ search: text, limit: 1000 }));
    expect(row!.name).toBe("Zephyr.ai");
    const relaxed = search("Zephyr.ai xqzvy");
    // The dot inside a word joins it, as the name is indexed.
    expect(relaxed.relaxedSearch).toBe("zephyrai");
    expect(relaxed.tools.map((tool) => tool.id)).toContain("demo-0002");
    const misspelt = search("vdeo");
    expect(misspelt.total).toBe(0);
    expect(misspelt.suggestedSearch).toBe("video");
    expect(search(misspelt.suggestedSearch!).total).toBeGreaterThan(0);
  });

  it("counts views of online tools in memory and writes them in one batch", async () => {
    const views = async (id: string) =>
      (await database.db.select({ views: tools.views }).from(tools).where(eq(tools.id, id)))[0]
        ?.views;
    const before = await views("demo-0003");
    const snapshot = await new SnapshotKeeper(database.db).reload();
    const counter = new ViewCounter(database.db, pino({ level: "silent" }));
    const seen = new OncePerWindow(30 * 60_000, 1000);
    expect(recordView(snapshot, counter, seen, "demo-0003", "203.0.113.1")).toBe(true);
    expect(recordView(snapshot, counter, seen, "demo-0003", "203.0.113.2")).toBe(true);
    expect(recordView(snapshot, counter, seen, "offline-1", "203.0.113.1")).toBe(false);
    expect(recordView(snapshot, counter, seen, "nope", "203.0.113.1")).toBe(false);
    expect(await views("demo-0003")).toBe(before);
    await counter.flush();
    expect(await views("demo-0003")).toBe(before! + 2);
    expect(await views("offline-1")).toBe(0);
  });
});
