import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database, DatabaseHandle } from "#server/db/client.server";
import { authUsers, toolLikes, tools } from "#server/db/schema";
import {
  LIVE_CHANNEL,
  parseLiveEvent,
  type LikeEvent,
  type LiveEvent,
} from "#server/live/live-events.server";
import { deleteAccount } from "#server/services/account/delete-account.server";
import { listLikedToolIds } from "#server/services/likes/list-liked-tool-ids.server";
import { setToolLike } from "#server/services/likes/set-tool-like.server";
import { createToolRow } from "../factories";
import { databaseKind, openTestDatabase } from "./test-database";

const USER_COUNT = 260;
const userId = (n: number) => `like-user-${String(n).padStart(3, "0")}`;
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

const RACE_TOOLS = 10;
const ONLINE_TOOLS = [
  "like-basic",
  "like-cycle",
  "like-never",
  "like-crowd",
  "like-same-user",
  "like-notify",
  "like-delete-a",
  "like-delete-b",
  "like-delete-c",
  "like-sentinel",
  "like-order-first",
  "like-order-second",
  ...Array.from({ length: RACE_TOOLS }, (_, index) => `like-race-${index + 1}`),
];

/**
 * Runs `calls` all at once through a database whose statements, once one call has failed, fail
 * at once instead of starting (a failing test then ends in seconds rather than after every queued
 * statement has run into the same trouble). Fails with each distinct error and how often it
 * happened; otherwise returns the answers in order.
 */
async function allAtOnce<T>(
  db: Database,
  calls: readonly ((db: Database) => Promise<T>)[],
): Promise<T[]> {
  let hasFailed = false;
  const guarded = new Proxy(db, {
    get(target, property) {
      if (property !== "execute") return Reflect.get(target, property) as unknown;
      return (query: Parameters<Database["execute"]>[0]) => {
        if (hasFailed) throw new Error("not started: an earlier call failed");
        return target.execute(query);
      };
    },
  });
  const settled = await Promise.allSettled(
    calls.map((call) =>
      call(guarded).catch((error: unknown) => {
        hasFailed = true;
        throw error;
      }),
    ),
  );
  const failures = new Map<string, number>();
  for (const result of settled) {
    if (result.status === "fulfilled") continue;
    const reason = result.reason as { message?: string; cause?: { message?: string } };
    const message = reason.cause?.message ?? reason.message ?? String(reason);
    failures.set(message, (failures.get(message) ?? 0) + 1);
  }
  expect(Object.fromEntries(failures)).toEqual({});
  return settled.map((result) => (result as PromiseFulfilledResult<T>).value);
}

describe(`likes on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let stopListening: () => Promise<void>;
  const payloads: string[] = [];
  const events: LiveEvent[] = [];

  const like = (user: string, toolId: string) =>
    setToolLike(database.db, { userId: user, toolId, isLiked: true });
  const unlike = (user: string, toolId: string) =>
    setToolLike(database.db, { userId: user, toolId, isLiked: false });
  /** One call for allAtOnce. */
  const setLike = (user: string, toolId: string, isLiked: boolean) => (db: Database) =>
    setToolLike(db, { userId: user, toolId, isLiked });

  const likesTotalOf = async (toolId: string) => {
    const [row] = await database.db
      .select({ likesTotal: tools.likesTotal })
      .from(tools)
      .where(eq(tools.id, toolId));
    if (!row) throw new Error(`no tool ${toolId}`);
    return row.likesTotal;
  };
  const likeRowsOf = (toolId: string) =>
    database.db
      .select({ userId: toolLikes.userId, isActive: toolLikes.isActive })
      .from(toolLikes)
      .where(eq(toolLikes.toolId, toolId))
      .orderBy(toolLikes.userId);
  const activeRowsOf = async (toolId: string) =>
    (await likeRowsOf(toolId)).filter((row) => row.isActive).length;

  const likeEventsFor = (toolId: string) =>
    events.filter((event): event is LikeEvent => event.type === "like" && event.toolId === toolId);
  /** Waits (up to 3 s) until `toolId` has had `count` like events, and returns them. */
  const waitForLikeEvents = (toolId: string, count: number) =>
    vi.waitFor(
      () => {
        const found = likeEventsFor(toolId);
        if (found.length < count) throw new Error(`${found.length} of ${count} events`);
        return found;
      },
      { timeout: 3000, interval: 10 },
    );
  /**
   * A like that really changes something on a tool of its own, waited for: every event sent
   * before it has arrived by then (notifications come in commit order), so what has not arrived
   * was not sent.
   */
  let sentinelUser = 200;
  const sentinel = async () => {
    const user = userId(sentinelUser++);
    const before = likeEventsFor("like-sentinel").length;
    expect(await like(user, "like-sentinel")).not.toBeNull();
    const [event] = (await waitForLikeEvents("like-sentinel", before + 1)).slice(before);
    expect(event).toMatchObject({ userId: user, isLiked: true });
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.insert(authUsers).values(
      range(1, USER_COUNT).map((n) => ({
        id: userId(n),
        name: `Liker ${n}`,
        email: `${userId(n)}@example.com`,
        emailVerified: true,
      })),
    );
    await database.db.insert(authUsers).values({ id: "leaver", email: "leaver@example.com" });
    await database.db.insert(tools).values([
      ...ONLINE_TOOLS.map((id) => createToolRow({ id, slug: id })),
      createToolRow({ id: "like-draft", slug: "like-draft", status: "draft" }),
      createToolRow({ id: "like-offline", slug: "like-offline", status: "offline" }),
      createToolRow({
        id: "like-offline-liked",
        slug: "like-offline-liked",
        status: "offline",
        likesTotal: 1,
      }),
    ]);
    await database.db
      .insert(toolLikes)
      .values({ userId: userId(250), toolId: "like-offline-liked", isActive: true });
    stopListening = await database.listen(LIVE_CHANNEL, (payload) => {
      payloads.push(payload);
      const event = parseLiveEvent(payload);
      if (event) events.push(event);
    });
  });

  afterAll(async () => {
    await stopListening?.();
    await database?.close();
  });

  afterEach(async () => {
    // The invariant: every tool's likes_total is the number of its active like rows.
    const rows = await database.db
      .select({
        id: tools.id,
        likesTotal: tools.likesTotal,
        active: sql<number>`(select count(*)::int from ${toolLikes} where ${toolLikes.toolId} = ${tools.id} and ${toolLikes.isActive})`,
      })
      .from(tools)
      .orderBy(tools.id);
    expect(rows).toHaveLength(ONLINE_TOOLS.length + 3);
    expect(rows.map(({ id, likesTotal }) => ({ id, likesTotal }))).toEqual(
      rows.map(({ id, active }) => ({ id, likesTotal: Number(active) })),
    );
    // Every NOTIFY on the channel is a well-formed live event.
    expect(events).toHaveLength(payloads.length);
  });

  it("counts a double like once", async () => {
    expect(await like(userId(1), "like-basic")).toEqual({ likesTotal: 1, isLiked: true });
    expect(await like(userId(1), "like-basic")).toEqual({ likesTotal: 1, isLiked: true });
    expect(await likesTotalOf("like-basic")).toBe(1);
    expect(await likeRowsOf("like-basic")).toEqual([{ userId: userId(1), isActive: true }]);
    expect(await listLikedToolIds(database.db, userId(1))).toEqual(["like-basic"]);

    expect(await like(userId(2), "like-basic")).toEqual({ likesTotal: 2, isLiked: true });
    expect(await likesTotalOf("like-basic")).toBe(2);
  });

  it("does nothing when a tool that was never liked is unliked", async () => {
    expect(await unlike(userId(1), "like-never")).toEqual({ likesTotal: 0, isLiked: false });
    expect(await unlike(userId(1), "like-never")).toEqual({ likesTotal: 0, isLiked: false });
    expect(await likesTotalOf("like-never")).toBe(0);
    expect(await likeRowsOf("like-never")).toEqual([]);
    expect(await listLikedToolIds(database.db, userId(1))).not.toContain("like-never");

    await sentinel();
    expect(likeEventsFor("like-never")).toEqual([]);
  });

  it("counts like, unlike, like as one like on one re-activated row", async () => {
    expect(await like(userId(5), "like-cycle")).toEqual({ likesTotal: 1, isLiked: true });
    expect(await unlike(userId(5), "like-cycle")).toEqual({ likesTotal: 0, isLiked: false });
    expect(await likeRowsOf("like-cycle")).toEqual([{ userId: userId(5), isActive: false }]);
    expect(await listLikedToolIds(database.db, userId(5))).toEqual([]);
    // Unliking again changes nothing and never goes below zero.
    expect(await unlike(userId(5), "like-cycle")).toEqual({ likesTotal: 0, isLiked: false });

    expect(await like(userId(5), "like-cycle")).toEqual({ likesTotal: 1, isLiked: true });
    expect(await likesTotalOf("like-cycle")).toBe(1);
    expect(await likeRowsOf("like-cycle")).toEqual([{ userId: userId(5), isActive: true }]);
    expect(await listLikedToolIds(database.db, userId(5))).toEqual(["like-cycle"]);

    const sent = await waitForLikeEvents("like-cycle", 3);
    expect(sent.map((event) => [event.isLiked, event.likesTotal])).toEqual([
      [true, 1],
      [false, 0],
      [true, 1],
    ]);
  });

  it("lists a person's liked tools the latest liked first", async () => {
    await like(userId(6), "like-order-first");
    await like(userId(6), "like-order-second");
    expect(await listLikedToolIds(database.db, userId(6))).toEqual([
      "like-order-second",
      "like-order-first",
    ]);
  });

  it("answers null for draft, offline and unknown tools and changes nothing", async () => {
    for (const toolId of ["like-draft", "like-offline", "no-such-tool"]) {
      expect(await like(userId(1), toolId)).toBeNull();
      expect(await unlike(userId(1), toolId)).toBeNull();
      expect(await likeRowsOf(toolId)).toEqual([]);
    }
    expect(await likesTotalOf("like-draft")).toBe(0);
    expect(await likesTotalOf("like-offline")).toBe(0);

    // A like kept from when the tool was online stays as it is.
    expect(await unlike(userId(250), "like-offline-liked")).toBeNull();
    expect(await like(userId(2), "like-offline-liked")).toBeNull();
    expect(await likesTotalOf("like-offline-liked")).toBe(1);
    expect(await likeRowsOf("like-offline-liked")).toEqual([
      { userId: userId(250), isActive: true },
    ]);

    await sentinel();
    for (const toolId of ["like-draft", "like-offline", "like-offline-liked", "no-such-tool"]) {
      expect(likeEventsFor(toolId)).toEqual([]);
    }
  });

  it("counts 200 people liking one tool at once exactly, then 100 unlikes among 50 repeats", async () => {
    const likers = range(1, 200).map(userId);
    const liked = await allAtOnce(
      database.db,
      likers.map((user) => setLike(user, "like-crowd", true)),
    );
    expect(liked.every((state) => state?.isLiked === true)).toBe(true);
    // Each like saw its own step: the answers are 1..200, each once.
    expect(liked.map((state) => state!.likesTotal).sort((a, b) => a - b)).toEqual(range(1, 200));
    expect(await likesTotalOf("like-crowd")).toBe(200);
    expect(await activeRowsOf("like-crowd")).toBe(200);

    const leaving = likers.slice(0, 100);
    const repeating = likers.slice(100, 150);
    const answers = await allAtOnce(database.db, [
      ...leaving.map((user) => setLike(user, "like-crowd", false)),
      ...repeating.map((user) => setLike(user, "like-crowd", true)),
    ]);
    const unliked = answers.slice(0, 100);
    expect(unliked.every((state) => state?.isLiked === false)).toBe(true);
    expect(unliked.map((state) => state!.likesTotal).sort((a, b) => a - b)).toEqual(
      range(100, 199),
    );
    expect(answers.slice(100).every((state) => state?.isLiked === true)).toBe(true);

    expect(await likesTotalOf("like-crowd")).toBe(100);
    const rows = await likeRowsOf("like-crowd");
    expect(rows).toHaveLength(200);
    expect(rows.filter((row) => row.isActive).map((row) => row.userId)).toEqual(likers.slice(100));

    // Exactly one event per real change: 200 likes and 100 unlikes, none for the repeats.
    await waitForLikeEvents("like-crowd", 300);
    await sentinel();
    const sent = likeEventsFor("like-crowd");
    expect(sent).toHaveLength(300);
    expect(
      sent
        .filter((event) => !event.isLiked)
        .map((event) => event.userId)
        .sort(),
    ).toEqual(leaving);
  });

  it("stays consistent when one person likes and unlikes the same tool 20 times at once", async () => {
    const user = userId(7);
    const answers = await allAtOnce(
      database.db,
      range(1, 20).map((n) => setLike(user, "like-same-user", n % 2 === 1)),
    );
    answers.forEach((state, index) => {
      expect(state).not.toBeNull();
      expect(state!.isLiked).toBe(index % 2 === 0);
      // Nobody else likes this tool: the count after each call is its answer's like state.
      expect(state!.likesTotal).toBe(state!.isLiked ? 1 : 0);
    });

    const rows = await likeRowsOf("like-same-user");
    expect(rows).toHaveLength(1);
    const total = await likesTotalOf("like-same-user");
    expect(total).toBe(rows[0]!.isActive ? 1 : 0);
    expect(await listLikedToolIds(database.db, user)).toEqual(
      rows[0]!.isActive ? ["like-same-user"] : [],
    );

    // The events tell the same story: they alternate, and the last one is the final state.
    await sentinel();
    const sent = likeEventsFor("like-same-user");
    expect(sent.length).toBeGreaterThanOrEqual(1);
    sent.forEach((event, index) => {
      expect(event.isLiked).toBe(index % 2 === 0);
      expect(event.likesTotal).toBe(event.isLiked ? 1 : 0);
    });
    expect(sent.at(-1)!.isLiked).toBe(rows[0]!.isActive);
  });

  it("answers with the state it leaves when a first like and an unlike race", async () => {
    const user = userId(8);
    for (let n = 1; n <= RACE_TOOLS; n++) {
      const toolId = `like-race-${n}`;
      const [liked, unliked] = await allAtOnce(database.db, [
        setLike(user, toolId, true),
        setLike(user, toolId, false),
      ]);
      // Whichever ran first, each answer's count is the state the call left (0 or 1 like).
      expect({ toolId, liked, unliked }).toEqual({
        toolId,
        liked: { likesTotal: 1, isLiked: true },
        unliked: { likesTotal: 0, isLiked: false },
      });
    }
  });

  it("sends exactly one live event per change, with increasing ids", async () => {
    expect(await like(userId(10), "like-notify")).toEqual({ likesTotal: 1, isLiked: true });
    const [first] = await waitForLikeEvents("like-notify", 1);
    expect(first).toEqual({
      id: expect.any(Number),
      type: "like",
      toolId: "like-notify",
      likesTotal: 1,
      userId: userId(10),
      isLiked: true,
    });
    expect(Number.isInteger(first!.id)).toBe(true);
    expect(first!.id).toBeGreaterThan(0);

    // A repeat changes nothing and says nothing.
    expect(await like(userId(10), "like-notify")).toEqual({ likesTotal: 1, isLiked: true });
    await sentinel();
    expect(likeEventsFor("like-notify")).toHaveLength(1);

    expect(await like(userId(11), "like-notify")).toEqual({ likesTotal: 2, isLiked: true });
    expect(await unlike(userId(10), "like-notify")).toEqual({ likesTotal: 1, isLiked: false });
    const sent = await waitForLikeEvents("like-notify", 3);
    expect(
      sent.map(({ userId: user, likesTotal, isLiked }) => ({ user, likesTotal, isLiked })),
    ).toEqual([
      { user: userId(10), likesTotal: 1, isLiked: true },
      { user: userId(11), likesTotal: 2, isLiked: true },
      { user: userId(10), likesTotal: 1, isLiked: false },
    ]);
    const ids = sent.map((event) => event.id);
    expect(ids[1]).toBeGreaterThan(ids[0]!);
    expect(ids[2]).toBeGreaterThan(ids[1]!);
    // Across all the events heard so far, ids never repeat.
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
  });

  it("lowers likes_total by an account's active likes when it is deleted, and says so live", async () => {
    const other = userId(20);
    expect(await like("leaver", "like-delete-a")).toEqual({ likesTotal: 1, isLiked: true });
    expect(await like(other, "like-delete-a")).toEqual({ likesTotal: 2, isLiked: true });
    expect(await like("leaver", "like-delete-b")).toEqual({ likesTotal: 1, isLiked: true });
    expect(await like("leaver", "like-delete-c")).toEqual({ likesTotal: 1, isLiked: true });
    expect(await unlike("leaver", "like-delete-c")).toEqual({ likesTotal: 0, isLiked: false });
    expect((await listLikedToolIds(database.db, "leaver")).sort()).toEqual([
      "like-delete-a",
      "like-delete-b",
    ]);
    await waitForLikeEvents("like-delete-c", 2);
    const before = {
      a: likeEventsFor("like-delete-a").length,
      b: likeEventsFor("like-delete-b").length,
      c: likeEventsFor("like-delete-c").length,
    };

    await deleteAccount(database.db, "leaver");

    expect(await likesTotalOf("like-delete-a")).toBe(1);
    expect(await likesTotalOf("like-delete-b")).toBe(0);
    expect(await likesTotalOf("like-delete-c")).toBe(0);
    expect(await likeRowsOf("like-delete-a")).toEqual([{ userId: other, isActive: true }]);
    expect(await likeRowsOf("like-delete-b")).toEqual([]);
    expect(await likeRowsOf("like-delete-c")).toEqual([]);
    expect(await listLikedToolIds(database.db, "leaver")).toEqual([]);
    expect(await database.db.select().from(authUsers).where(eq(authUsers.id, "leaver"))).toEqual(
      [],
    );

    const [onA] = (await waitForLikeEvents("like-delete-a", before.a + 1)).slice(before.a);
    const [onB] = (await waitForLikeEvents("like-delete-b", before.b + 1)).slice(before.b);
    expect(onA).toMatchObject({ type: "like", likesTotal: 1, userId: "leaver", isLiked: false });
    expect(onB).toMatchObject({ type: "like", likesTotal: 0, userId: "leaver", isLiked: false });
    await sentinel();
    expect(likeEventsFor("like-delete-a")).toHaveLength(before.a + 1);
    expect(likeEventsFor("like-delete-b")).toHaveLength(before.b + 1);
    // The inactive like went without an event.
    expect(likeEventsFor("like-delete-c")).toHaveLength(before.c);

    // The other person's like is untouched and still works both ways.
    expect(
      await database.db
        .select({ isActive: toolLikes.isActive })
        .from(toolLikes)
        .where(and(eq(toolLikes.userId, other), eq(toolLikes.toolId, "like-delete-a"))),
    ).toEqual([{ isActive: true }]);
    expect(await unlike(other, "like-delete-a")).toEqual({ likesTotal: 0, isLiked: false });
  });
});
