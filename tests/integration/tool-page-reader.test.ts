import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client.server";
import { tools } from "../../server/db/schema";
import { seedDemoCatalogue } from "../../server/seed/seed-demo.server";
import { createToolPageReader } from "../../server/services/tools/get-tool-page.server";
import { SnapshotKeeper } from "../../server/snapshot/snapshot-keeper.server";
import { databaseKind, openTestDatabase } from "./test-database";

describe(`tool pages read through the page reader on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let keeper: SnapshotKeeper;

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemoCatalogue(database.db, 5);
    keeper = new SnapshotKeeper(database.db);
    await keeper.reload();
  });
  afterAll(async () => {
    await database.close();
  });

  const setDescription = (id: string, text: string) =>
    database.db.update(tools).set({ longDescription: text }).where(eq(tools.id, id));

  it("reads a tool again once the snapshot has replaced its card, and not before", async () => {
    const readToolPage = createToolPageReader(database.db);
    const [first] = keeper.snapshot.tools;
    await setDescription(first!.id, "Before the edit.");
    const before = await readToolPage(first!);
    expect(before?.longDescriptionHtml).toBe("<p>Before the edit.</p>\n");

    await setDescription(first!.id, "After the edit.");
    // The snapshot has not heard of the edit yet: the page is as old as the rest of it.
    expect(await readToolPage(keeper.snapshot.byId.get(first!.id)!)).toBe(before);

    await keeper.refresh([first!.id]);
    const after = await readToolPage(keeper.snapshot.byId.get(first!.id)!);
    expect(after?.longDescriptionHtml).toBe("<p>After the edit.</p>\n");
  });

  it("has nothing for a tool that is no longer online", async () => {
    const readToolPage = createToolPageReader(database.db);
    const [, second] = keeper.snapshot.tools;
    await database.db.update(tools).set({ status: "offline" }).where(eq(tools.id, second!.id));
    expect(await readToolPage(second!)).toBeNull();
  });
});
