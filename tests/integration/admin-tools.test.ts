import { count, desc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToolsQuerySchema } from "~/lib/admin-tools-query";
import type { SnapshotKeeper } from "#server/snapshot/snapshot-keeper.server";
import type { DatabaseHandle } from "#server/db/client.server";
import { adminAudit, toolLikes, tools } from "#server/db/schema";
import { seedDemoCatalogue } from "#server/seed/seed-demo.server";
import { deleteTools, setToolsStatus } from "#server/services/admin/change-tools.server";
import { listAdminTools } from "#server/services/admin/list-admin-tools.server";
import { exportCatalogue } from "#server/services/import-export/export-catalogue.server";
import { followSnapshot, onlineStatsOf } from "./followed-snapshot";
import { databaseKind, openTestDatabase } from "./test-database";

// Bulk status changes and deletes keep the snapshot, the category statistics and the
// like rows exact, on every server that listens; every write is audited.

const ACTOR = { id: "admin-1", email: "admin@example.com" };

describe(`admin tool changes on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let keeper: SnapshotKeeper;
  let stopListening: () => Promise<void>;

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemoCatalogue(database.db, 60);
    ({ keeper, stop: stopListening } = await followSnapshot(database));
  });
  afterAll(async () => {
    await stopListening();
    await database.close();
  });

  const onlineStats = () => onlineStatsOf(database.db);
  const snapshotAfterEvents = async () => {
    await expect
      .poll(async () => {
        await keeper.settled();
        return keeper.snapshot.tools.length;
      })
      .toBe(
        Number(
          (
            await database.db.select({ n: count() }).from(tools).where(eq(tools.status, "online"))
          )[0]!.n,
        ),
      );
    return keeper.snapshot;
  };

  it("unpublishes tools everywhere at once and records who did it", async () => {
    const ids = ["demo-0001", "demo-0002", "demo-0003"];
    expect(await setToolsStatus(database.db, ACTOR, ids, "offline")).toBe(3);
    const snapshot = await snapshotAfterEvents();
    for (const id of ids) expect(snapshot.byId.has(id)).toBe(false);
    expect(snapshot.stats).toEqual(await onlineStats());
    const [audit] = await database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, "set-status"))
      .orderBy(desc(adminAudit.id))
      .limit(1);
    expect(audit).toMatchObject({
      userEmail: ACTOR.email,
      details: { toolIds: ids, status: "offline" },
    });

    expect(await setToolsStatus(database.db, ACTOR, ids, "online")).toBe(3);
    const back = await snapshotAfterEvents();
    for (const id of ids) expect(back.byId.has(id)).toBe(true);
    expect(back.stats).toEqual(await onlineStats());
  });

  it("deletes tools with their likes, and unknown ids change nothing", async () => {
    const ids = ["demo-0010", "demo-0011"];
    const [likesBefore] = await database.db
      .select({ n: count() })
      .from(toolLikes)
      .where(inArray(toolLikes.toolId, ids));
    expect(Number(likesBefore!.n)).toBeGreaterThan(0);
    expect((await deleteTools(database.db, ACTOR, [...ids, "no-such-tool"])).deleted).toBe(2);
    const [likesAfter] = await database.db
      .select({ n: count() })
      .from(toolLikes)
      .where(inArray(toolLikes.toolId, ids));
    expect(Number(likesAfter!.n)).toBe(0);
    const snapshot = await snapshotAfterEvents();
    expect(snapshot.byId.has("demo-0010")).toBe(false);
    expect(snapshot.stats).toEqual(await onlineStats());
    expect((await deleteTools(database.db, ACTOR, ["no-such-tool"])).deleted).toBe(0);
    expect(await setToolsStatus(database.db, ACTOR, ["no-such-tool"], "draft")).toBe(0);
  });
});

describe(`the admin tool list on ${databaseKind}`, () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemoCatalogue(database.db, 58);
  });
  afterAll(async () => {
    await database.close();
  });

  it("lists every status, filtered, sorted and paged, with counts", async () => {
    await setToolsStatus(database.db, ACTOR, ["demo-0020"], "draft");
    await setToolsStatus(database.db, ACTOR, ["demo-0021", "demo-0022"], "offline");
    const all = await listAdminTools(database.db, adminToolsQuerySchema.parse({}));
    expect(all.total).toBe(58);
    expect(all.tools).toHaveLength(25);
    expect(all.pages).toBe(3);
    expect(all.counts).toEqual({ online: 55, draft: 1, offline: 2 });

    const drafts = await listAdminTools(
      database.db,
      adminToolsQuerySchema.parse({ status: "draft" }),
    );
    expect(drafts.tools.map((tool) => tool.id)).toEqual(["demo-0020"]);

    const byName = await listAdminTools(database.db, adminToolsQuerySchema.parse({ sort: "name" }));
    // Collations differ on spaces and case; the first letters are in order under any of them.
    const initials = byName.tools.map((tool) => tool.name[0]!.toLowerCase());
    expect(initials).toEqual([...initials].sort());

    const name = all.tools[3]!.name;
    const found = await listAdminTools(
      database.db,
      adminToolsQuerySchema.parse({ search: name.slice(1, 6) }),
    );
    expect(found.tools.map((tool) => tool.name)).toContain(name);
    const wildcard = await listAdminTools(
      database.db,
      adminToolsQuerySchema.parse({ search: "%" }),
    );
    expect(wildcard.total).toBe(0);

    const lastPage = await listAdminTools(database.db, adminToolsQuerySchema.parse({ page: 3 }));
    expect(lastPage.tools).toHaveLength(8);
  });
});

describe(`catalogue export on ${databaseKind}`, () => {
  it("exports every tool whatever its status, in both formats", async () => {
    const database = await openTestDatabase();
    try {
      await seedDemoCatalogue(database.db, 12);
      await setToolsStatus(database.db, ACTOR, ["demo-0002"], "draft");
      const json = JSON.parse((await exportCatalogue(database.db, "json")).text) as {
        id: string;
        status: string;
        pricing: { model: string | null };
        hashtags: string[];
      }[];
      expect(json).toHaveLength(12);
      expect(json.find((tool) => tool.id === "demo-0002")?.status).toBe("draft");
      const row = await database.db.query.tools.findFirst({ where: eq(tools.id, "demo-0003") });
      const exported = json.find((tool) => tool.id === "demo-0003")!;
      expect(exported.pricing.model).toBe(row!.pricingModel);
      expect(exported.hashtags).toEqual(row!.hashtags);
      const csv = await exportCatalogue(database.db, "csv");
      expect(csv.count).toBe(12);
      expect(csv.text.startsWith("id,name,category,subCategory,status,")).toBe(true);
    } finally {
      await database.close();
    }
  });
});
