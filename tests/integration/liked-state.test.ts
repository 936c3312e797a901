import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { authUsers, tools } from "#server/db/schema";
import { getLikedState, readLiveEventId } from "#server/services/likes/get-liked-state.server";
import { setToolLike } from "#server/services/likes/set-tool-like.server";
import { createToolRow } from "../factories";
import { databaseKind, openTestDatabase } from "./test-database";

// A signed-in page carries the person's liked tools and the live event they were read
// at, so the live stream can send only what changed after it.

describe(`the liked state a page starts from, on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  /** Read from the fresh database, before any test could hand out an event. */
  let freshState: Awaited<ReturnType<typeof getLikedState>>;
  const like = (userId: string, toolId: string, isLiked = true) =>
    setToolLike(database.db, { userId, toolId, isLiked });

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.insert(authUsers).values([
      { id: "state-reader", email: "state-reader@example.com", emailVerified: true },
      { id: "state-other", email: "state-other@example.com", emailVerified: true },
      { id: "state-later", email: "state-later@example.com", emailVerified: true },
    ]);
    await database.db
      .insert(tools)
      .values(["state-a", "state-b", "state-c"].map((id) => createToolRow({ id, slug: id })));
    freshState = await getLikedState(database.db, "state-reader");
  });

  afterAll(async () => {
    await database?.close();
  });

  it("reads 0 as the live event id before any event was handed out", async () => {
    expect(freshState).toEqual({ likedToolIds: [], liveEventId: 0 });
  });

  it("carries the person's active likes only, and the id of the latest event so far", async () => {
    const before = await readLiveEventId(database.db);
    await like("state-reader", "state-a");
    await like("state-reader", "state-b");
    await like("state-reader", "state-b", false);
    await like("state-other", "state-c");

    const state = await getLikedState(database.db, "state-reader");
    expect(state.likedToolIds).toEqual(["state-a"]);
    // Four changes, four events of the shared sequence.
    expect(state.liveEventId).toBe(before + 4);
  });

  it("moves the live event id past every change made after a read", async () => {
    const before = await getLikedState(database.db, "state-later");
    await like("state-later", "state-c");
    const after = await getLikedState(database.db, "state-later");
    expect(after.liveEventId).toBe(before.liveEventId + 1);
    expect(before.likedToolIds).toEqual([]);
    expect(after.likedToolIds).toEqual(["state-c"]);
    // A repeat changes nothing and hands out no event.
    await like("state-later", "state-c");
    expect(await readLiveEventId(database.db)).toBe(after.liveEventId);
  });
});
