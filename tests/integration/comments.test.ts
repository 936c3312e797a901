import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  deleteComment,
  editComment,
  getToolComments,
  postComment,
  reportComment,
} from "~/client/api/client";
import { getModerationQueue, moderateComment, setCommentLock } from "~/client/api/admin-client";
import type { CommentPage, ModeratedComment, SavedComment } from "~/lib/api/contract";
import type { Viewer } from "~/lib/profile";
import {
  adminCommentRoutes,
  commentRoutes,
  toolCommentRoutes,
} from "#server/routes/comments.server";
import type { Application } from "#server/boot.server";
import type { DatabaseHandle } from "#server/db/client.server";
import { queryRows } from "#server/db/query-rows.server";
import {
  adminAudit,
  authUsers,
  commentReports,
  comments,
  toolLikes,
  tools,
} from "#server/db/schema";
import { handleErrors } from "#server/http/error-handler.server";
import { createRateLimitServices } from "#server/rate-limit/rate-limit-services.server";
import { deleteAccount } from "#server/services/account/delete-account.server";
import { createCommentsServices } from "#server/services/comments/comments-services.server";
import { createToolRow } from "../factories";
import { databaseKind, openTestDatabase } from "./test-database";

// The comment routes with the real services on a real database (decision 017). Each
// test makes its own tool and people; people get their own network address (X-Forwarded-For),
// so only the rate-limit test meets a limit. The clock of the edit window is moved, not waited.

const DAY_MS = 24 * 60 * 60_000;
const MINUTE_MS = 60_000;

describe(`comments and ratings on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let server: http.Server;
  let base: string;
  let clockMs = Date.now();
  const viewers = new Map<string, Viewer>();
  let people = 0;
  let toolCount = 0;

  async function person({
    isVerified = true,
    isAdmin = false,
    ageMs = 30 * DAY_MS,
  }: { isVerified?: boolean; isAdmin?: boolean; ageMs?: number } = {}): Promise<Viewer> {
    people += 1;
    const viewer: Viewer = {
      id: `person-${people}`,
      email: `person-${people}@example.com`,
      emailVerified: isVerified,
      username: `person${people}`,
      displayName: `Person ${people}`,
      photoUrl: null,
      isAdmin,
    };
    await database.db.insert(authUsers).values({
      id: viewer.id,
      email: viewer.email,
      emailVerified: isVerified,
      role: isAdmin ? "admin" : "user",
      createdAt: new Date(clockMs - ageMs),
    });
    viewers.set(viewer.id, viewer);
    return viewer;
  }

  /** Reports from accounts with a like (older than 7 days) count towards hiding (decision 027). */
  async function establishedPerson(): Promise<Viewer> {
    const viewer = await person();
    const likedAt = new Date(clockMs - DAY_MS);
    await database.db
      .insert(toolLikes)
      .values({ userId: viewer.id, toolId: await tool(), createdAt: likedAt, updatedAt: likedAt });
    return viewer;
  }

  async function tool(status: "online" | "draft" = "online"): Promise<string> {
    toolCount += 1;
    const id = `comment-tool-${toolCount}`;
    await database.db.insert(tools).values(createToolRow({ id, slug: id, status }));
    return id;
  }

  async function call<T = unknown>(
    method: "GET" | "POST" | "PUT" | "DELETE",
    path: string,
    { as, json }: { as?: Viewer; json?: unknown } = {},
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const number = as ? Number(as.id.replace("person-", "")) : 0;
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(as ? { cookie: `viewer=${as.id}` } : {}),
        ...(json === undefined ? {} : { "content-type": "application/json" }),
        "x-forwarded-for": `10.${(number >> 16) & 255}.${(number >> 8) & 255}.${number & 255}`,
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : null) as T,
      headers: response.headers,
    };
  }

  const post = (toolId: string, as: Viewer, json: unknown) =>
    call<SavedComment>("POST", `/api/tools/${toolId}/comments`, { as, json });
  const pageOf = async (toolId: string, as?: Viewer, query = "") =>
    (await call<CommentPage>("GET", `/api/tools/${toolId}/comments${query}`, { as })).body;

  /** rating_avg and rating_count as stored, and as the visible rated rows say. */
  async function ratingsOf(toolId: string) {
    const [stored] = await database.db
      .select({ ratingAvg: tools.ratingAvg, ratingCount: tools.ratingCount })
      .from(tools)
      .where(eq(tools.id, toolId));
    const [rows] = await queryRows<{ count: number; avg: string | null }>(
      database.db,
      sql`select count(*)::int as count, round(avg(rating), 2)::text as avg from comments
          where tool_id = ${toolId} and status = 'visible' and rating is not null`,
    );
    return {
      stored: { ratingAvg: stored!.ratingAvg, ratingCount: stored!.ratingCount },
      fromRows: { ratingAvg: Number(rows!.avg ?? 0), ratingCount: Number(rows!.count) },
    };
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    const app = {
      readSignedIn: async (headers: Headers) => {
        const viewer = viewers.get(headers.get("cookie")?.replace("viewer=", "") ?? "");
        return viewer ? { viewer, sessionToken: "s" } : null;
      },
      services: {
        ...createCommentsServices({ db: database.db, now: () => new Date(clockMs) }),
        ...createRateLimitServices({ db: database.db }),
      },
    } as unknown as Application;
    const routes = express();
    routes.set("trust proxy", true);
    routes.use("/api/tools", toolCommentRoutes(app));
    routes.use("/api/comments", commentRoutes(app));
    routes.use("/api/admin", adminCommentRoutes(app));
    routes.use(handleErrors(pino({ level: "silent" })));
    server = http.createServer(routes).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    server.close();
    await database.close();
  });

  it("posts a rated comment and shows it with the tool's new rating and histogram", async () => {
    const toolId = await tool();
    const [ann, bob] = [await person(), await person()];
    const saved = await post(toolId, ann, { body: "Great for **invoices**", rating: 4 });
    expect(saved.status).toBe(201);
    expect(saved.body.comment).toMatchObject({
      bodyHtml: "<p>Great for <strong>invoices</strong></p>",
      rating: 4,
      state: "visible",
      isOwn: true,
      canEdit: true,
      bodyText: "Great for **invoices**",
    });
    await post(toolId, bob, { body: "Too slow", rating: 1 });
    const page = await pageOf(toolId, ann);
    expect(page.rating).toEqual({ ratingAvg: 2.5, ratingCount: 2, histogram: [1, 0, 0, 1, 0] });
    expect(page.commentCount).toBe(2);
    expect(page.viewerRating).toEqual({ rating: 4, commentId: saved.body.comment.id });
    expect(page.threads.map((thread) => thread.bodyHtml)).toEqual([
      "<p>Too slow</p>",
      "<p>Great for <strong>invoices</strong></p>",
    ]);
    expect((await ratingsOf(toolId)).stored).toEqual({ ratingAvg: 2.5, ratingCount: 2 });
  });

  it("queues one comments live event per write, delivered on commit", async () => {
    const toolId = await tool();
    const ann = await person();
    const heard: unknown[] = [];
    const stop = await database.listen("live_events", (payload) => heard.push(JSON.parse(payload)));
    await post(toolId, ann, { body: "Heard live", rating: 5 });
    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0]).toMatchObject({
      type: "comments",
      toolId,
      ratingAvg: 5,
      ratingCount: 1,
      commentCount: 1,
    });
    await stop();
  });

  it("keeps one rating per person: a new rated comment moves the rating to it", async () => {
    const toolId = await tool();
    const ann = await person();
    const first = await post(toolId, ann, { body: "First look", rating: 2 });
    const second = await post(toolId, ann, { body: "After a month", rating: 5 });
    const page = await pageOf(toolId, ann);
    expect(page.rating).toMatchObject({ ratingAvg: 5, ratingCount: 1 });
    expect(page.viewerRating).toEqual({ rating: 5, commentId: second.body.comment.id });
    const firstThread = page.threads.find((thread) => thread.id === first.body.comment.id);
    expect(firstThread?.rating).toBeNull();
  });

  it("keeps one rating per person when they post several rated comments at once", async () => {
    const toolId = await tool();
    const ann = await person();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((rating) => post(toolId, ann, { body: `Take ${rating}`, rating })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    const rated = await database.db
      .select({ rating: comments.rating })
      .from(comments)
      .where(and(eq(comments.toolId, toolId), sql`${comments.rating} is not null`));
    expect(rated).toHaveLength(1);
    expect((await ratingsOf(toolId)).stored.ratingCount).toBe(1);
  });

  it("keeps ratings exact when 40 people rate one tool at once, then change and delete at once", async () => {
    const toolId = await tool();
    const raters = await Promise.all(Array.from({ length: 40 }, () => person()));
    const posted = await Promise.all(
      raters.map((rater, index) =>
        post(toolId, rater, { body: `Rating number ${index}`, rating: (index % 5) + 1 }),
      ),
    );
    expect(posted.map((answer) => answer.status)).toEqual(raters.map(() => 201));
    expect(await ratingsOf(toolId)).toEqual({
      stored: { ratingAvg: 3, ratingCount: 40 },
      fromRows: { ratingAvg: 3, ratingCount: 40 },
    });
    const changes = await Promise.all(
      raters.map((rater, index) => {
        const id = posted[index]!.body.comment.id;
        if (index % 3 === 0) return call("DELETE", `/api/comments/${id}`, { as: rater });
        return call("PUT", `/api/comments/${id}`, { as: rater, json: { rating: 5 } });
      }),
    );
    expect(changes.map((answer) => answer.status)).toEqual(raters.map(() => 200));
    const after = await ratingsOf(toolId);
    expect(after.stored).toEqual(after.fromRows);
    expect(after.stored).toEqual({ ratingAvg: 5, ratingCount: 26 });
  });

  it("lets the author edit the text within 15 minutes, marked edited, and the rating after", async () => {
    const toolId = await tool();
    const ann = await person();
    const { body } = await post(toolId, ann, { body: "Frist try", rating: 3 });
    const id = body.comment.id;
    clockMs += 14 * MINUTE_MS;
    const edited = await call<SavedComment>("PUT", `/api/comments/${id}`, {
      as: ann,
      json: { body: "First try" },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.comment.bodyHtml).toBe("<p>First try</p>");
    expect(edited.body.comment.editedAt).toBe(new Date(clockMs).toISOString());
    clockMs += 2 * MINUTE_MS;
    const late = await call("PUT", `/api/comments/${id}`, { as: ann, json: { body: "Too late" } });
    expect(late.status).toBe(403);
    expect((await pageOf(toolId, ann)).threads[0]).toMatchObject({
      bodyHtml: "<p>First try</p>",
      canEdit: false,
      bodyText: null,
    });
    const rated = await call<SavedComment>("PUT", `/api/comments/${id}`, {
      as: ann,
      json: { rating: 1 },
    });
    expect(rated.status).toBe(200);
    expect(rated.body.rating).toMatchObject({ ratingAvg: 1, ratingCount: 1 });
  });

  it("refuses a text edit once the comment has a reply, and edits by anyone else", async () => {
    const toolId = await tool();
    const [ann, bob] = [await person(), await person()];
    const { body } = await post(toolId, ann, { body: "Question about pricing" });
    expect(
      (await post(toolId, bob, { body: "It is free", parentId: body.comment.id })).status,
    ).toBe(201);
    const id = body.comment.id;
    expect(
      (await call("PUT", `/api/comments/${id}`, { as: ann, json: { body: "New" } })).status,
    ).toBe(403);
    expect(
      (await call("PUT", `/api/comments/${id}`, { as: bob, json: { body: "Mine" } })).status,
    ).toBe(403);
    const [thread] = (await pageOf(toolId, ann)).threads;
    expect(thread).toMatchObject({ canEdit: false, bodyHtml: "<p>Question about pricing</p>" });
    expect(thread!.replies.map((reply) => reply.bodyHtml)).toEqual(["<p>It is free</p>"]);
  });

  it("deletes a comment without replies, and leaves a placeholder for one with replies", async () => {
    const toolId = await tool();
    const [ann, bob] = [await person(), await person()];
    const lone = await post(toolId, ann, { body: "Alone", rating: 2 });
    const gone = await call("DELETE", `/api/comments/${lone.body.comment.id}`, { as: ann });
    expect(gone.body).toMatchObject({ isPlaceholder: false, rating: { ratingCount: 0 } });
    const rows = await database.db.select().from(comments).where(eq(comments.toolId, toolId));
    expect(rows).toHaveLength(0);

    const answered = await post(toolId, ann, { body: "Answered", rating: 4 });
    await post(toolId, bob, { body: "A reply", parentId: answered.body.comment.id });
    const kept = await call("DELETE", `/api/comments/${answered.body.comment.id}`, { as: ann });
    expect(kept.body).toMatchObject({ isPlaceholder: true, rating: { ratingCount: 0 } });
    const [thread] = (await pageOf(toolId)).threads;
    expect(thread).toMatchObject({ state: "deleted", bodyHtml: "", rating: null, authorName: "" });
    expect(thread!.replies).toHaveLength(1);
    expect(await ratingsOf(toolId)).toEqual({
      stored: { ratingAvg: 0, ratingCount: 0 },
      fromRows: { ratingAvg: 0, ratingCount: 0 },
    });
  });

  it("takes a report once per person and never one's own", async () => {
    const toolId = await tool();
    const [ann, bob] = [await person(), await person()];
    const { body } = await post(toolId, ann, { body: "Buy cheap watches" });
    const path = `/api/comments/${body.comment.id}/report`;
    expect(await call("POST", path, { as: bob, json: { reason: "spam" } })).toMatchObject({
      status: 200,
      body: { reportCount: 1 },
    });
    expect((await call("POST", path, { as: bob, json: {} })).status).toBe(409);
    expect((await call("POST", path, { as: ann, json: {} })).status).toBe(403);
    expect((await pageOf(toolId, bob)).threads[0]?.isReported).toBe(true);
  });

  it("hides a comment after 3 reports from established accounts and takes its rating out until an admin looks", async () => {
    const toolId = await tool();
    const ann = await person();
    const { body } = await post(toolId, ann, { body: "Rude words", rating: 1 });
    for (let reporter = 0; reporter < 3; reporter += 1) {
      const answer = await call("POST", `/api/comments/${body.comment.id}/report`, {
        as: await establishedPerson(),
        json: {},
      });
      expect(answer.status).toBe(200);
    }
    const [row] = await database.db.select().from(comments).where(eq(comments.id, body.comment.id));
    expect(row).toMatchObject({ status: "hidden", statusReason: "reports", needsReview: true });
    expect((await pageOf(toolId)).threads).toHaveLength(0);
    expect((await ratingsOf(toolId)).stored).toEqual({ ratingAvg: 0, ratingCount: 0 });
  });

  it("holds a comment with more than 2 links from an account younger than 7 days", async () => {
    const toolId = await tool();
    const [newcomer, regular, other] = [
      await person({ ageMs: 6 * DAY_MS }),
      await person({ ageMs: 8 * DAY_MS }),
      await person(),
    ];
    const links = "https://a.example https://b.example https://c.example";
    const held = await post(toolId, newcomer, { body: `Try ${links}`, rating: 5 });
    expect(held.body.comment.state).toBe("held");
    const [row] = await database.db
      .select()
      .from(comments)
      .where(eq(comments.id, held.body.comment.id));
    expect(row).toMatchObject({ status: "held", statusReason: "links", needsReview: true });
    expect(
      (await post(toolId, newcomer, { body: "https://a.example https://b.example" })).body.comment
        .state,
    ).toBe("visible");
    expect((await post(toolId, regular, { body: `See ${links}` })).body.comment.state).toBe(
      "visible",
    );
    expect((await pageOf(toolId, newcomer)).threads.map((thread) => thread.state)).toContain(
      "held",
    );
    expect((await pageOf(toolId, other)).threads.map((thread) => thread.state)).not.toContain(
      "held",
    );
    expect((await ratingsOf(toolId)).stored.ratingCount).toBe(0);
  });

  it("leaves a counted rating where it is when the person's next rated comment is held", async () => {
    const toolId = await tool();
    const newcomer = await person({ ageMs: DAY_MS });
    const visible = await post(toolId, newcomer, { body: "Solid tool", rating: 4 });
    const links = "https://a.example https://b.example https://c.example";
    const held = await post(toolId, newcomer, { body: `Try ${links}`, rating: 1 });
    expect(held.body.comment).toMatchObject({ state: "held", rating: null });
    expect((await ratingsOf(toolId)).stored).toEqual({ ratingAvg: 4, ratingCount: 1 });
    expect((await pageOf(toolId, newcomer)).viewerRating).toEqual({
      rating: 4,
      commentId: visible.body.comment.id,
    });
  });

  it("names no rating for the reader once the comment carrying it is hidden", async () => {
    const toolId = await tool();
    const ann = await person();
    const { body } = await post(toolId, ann, { body: "Rude words", rating: 1 });
    expect((await pageOf(toolId, ann)).viewerRating).toMatchObject({ rating: 1 });
    for (let reporter = 0; reporter < 3; reporter += 1) {
      await call("POST", `/api/comments/${body.comment.id}/report`, {
        as: await establishedPerson(),
        json: {},
      });
    }
    expect((await pageOf(toolId, ann)).viewerRating).toBeNull();
    const fresh = await post(toolId, ann, { body: "Calmer now", rating: 3 });
    expect(fresh.status).toBe(201);
    expect((await ratingsOf(toolId)).stored).toEqual({ ratingAvg: 3, ratingCount: 1 });
  });

  it("refuses new comments, replies, edits and rating changes on a locked tool with 403", async () => {
    const toolId = await tool();
    const [ann, admin] = [await person(), await person({ isAdmin: true })];
    const { body } = await post(toolId, ann, { body: "Before the lock", rating: 3 });
    const locked = await call("PUT", `/api/admin/tools/${toolId}/comment-lock`, {
      as: admin,
      json: { locked: true },
    });
    expect(locked).toMatchObject({ status: 200, body: { isLocked: true } });
    const refusals = [
      await post(toolId, ann, { body: "After the lock" }),
      await post(toolId, ann, { body: "A reply", parentId: body.comment.id }),
      await call("PUT", `/api/comments/${body.comment.id}`, { as: ann, json: { body: "Edit" } }),
      await call("PUT", `/api/comments/${body.comment.id}`, { as: ann, json: { rating: 5 } }),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(403);
      expect(refusal.body).toMatchObject({
        error: { message: "Comments on this tool are locked by an admin." },
      });
    }
    expect((await pageOf(toolId)).isLocked).toBe(true);
    const audit = await database.db
      .select({ action: adminAudit.action, details: adminAudit.details })
      .from(adminAudit)
      .where(eq(adminAudit.userId, admin.id));
    expect(audit).toEqual([{ action: "set-comment-lock", details: { toolId, locked: true } }]);
  });

  it("answers a filled honeypot as a held comment and stores nothing", async () => {
    const toolId = await tool();
    const bot = await person();
    const answer = await post(toolId, bot, {
      body: "Cheap pills",
      rating: 5,
      website: "x.example",
    });
    expect(answer.status).toBe(201);
    expect(answer.body.comment.state).toBe("held");
    expect(await database.db.select().from(comments).where(eq(comments.toolId, toolId))).toEqual(
      [],
    );
  });

  it("answers 429 with Retry-After past 10 comment writes a minute", async () => {
    const toolId = await tool();
    const ann = await person();
    for (let write = 0; write < 10; write += 1) {
      expect((await post(toolId, ann, { body: `Comment ${write}` })).status).toBe(201);
    }
    const refused = await post(toolId, ann, { body: "One too many" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const rows = await database.db.select().from(comments).where(eq(comments.toolId, toolId));
    expect(rows).toHaveLength(10);
  });

  it("refuses signed-out people with 401 and unverified ones with 403", async () => {
    const toolId = await tool();
    const unverified = await person({ isVerified: false });
    expect(
      (await call("POST", `/api/tools/${toolId}/comments`, { json: { body: "Hi" } })).status,
    ).toBe(401);
    expect((await post(toolId, unverified, { body: "Hello there" })).status).toBe(403);
    expect((await call("POST", "/api/comments/1/report", { json: {} })).status).toBe(401);
  });

  it.each([
    ["a missing body", { rating: 3 }, "body"],
    ["a blank body", { body: " \u200B " }, "body"],
    ["a body of one character", { body: "a" }, "body"],
    ["a body past 5,000 characters", { body: "a".repeat(5001) }, "body"],
    ["a rating of 6", { body: "Fine tool", rating: 6 }, "rating"],
    ["a rating of 2.5", { body: "Fine tool", rating: 2.5 }, "rating"],
    ["a rating as text", { body: "Fine tool", rating: "5" }, "rating"],
    ["a body that is not text", { body: 42 }, "body"],
    ["a parentId that is not a whole number", { body: "A reply", parentId: "1; drop" }, "parentId"],
    ["a parentId past the safe integers", { body: "A reply", parentId: 1e20 }, "parentId"],
    // An unknown key is named on the form as a whole ("_").
    ["a field the form does not have", { body: "Fine tool", author: "admin" }, "_"],
  ])("refuses %s with 400 naming the field", async (_name, json, field) => {
    const toolId = await tool();
    const answer = await post(toolId, await person(), json);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: { code: "INVALID", fields: { [field]: expect.any(String) } },
    });
  });

  it("refuses an edit without a change, and a body that is not an object, with 400", async () => {
    const toolId = await tool();
    const ann = await person();
    const { body } = await post(toolId, ann, { body: "Something" });
    const empty = await call("PUT", `/api/comments/${body.comment.id}`, { as: ann, json: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: { fields: { body: expect.any(String) } } });
    for (const json of [null, [], "text", 42]) {
      expect((await post(toolId, ann, json)).status).toBe(400);
    }
  });

  it("refuses a rated reply and a reply to a reply with 400 naming the field", async () => {
    const toolId = await tool();
    const [ann, bob] = [await person(), await person()];
    const { body } = await post(toolId, ann, { body: "Top level" });
    const rated = await post(toolId, bob, {
      body: "Rated reply",
      rating: 4,
      parentId: body.comment.id,
    });
    expect(rated.status).toBe(400);
    expect(rated.body).toMatchObject({ error: { fields: { rating: expect.any(String) } } });
    const reply = await post(toolId, bob, { body: "A reply", parentId: body.comment.id });
    const nested = await post(toolId, ann, { body: "Nested", parentId: reply.body.comment.id });
    expect(nested.status).toBe(400);
    expect(nested.body).toMatchObject({ error: { fields: { parentId: expect.any(String) } } });
    const otherTool = await post(await tool(), ann, {
      body: "Elsewhere",
      parentId: body.comment.id,
    });
    expect(otherTool.status).toBe(400);
    const edit = await call("PUT", `/api/comments/${body.comment.id}`, {
      as: ann,
      json: { rating: 0 },
    });
    expect(edit.status).toBe(400);
    expect(edit.body).toMatchObject({ error: { fields: { rating: expect.any(String) } } });
  });

  it("answers 404 for comments of an unknown or offline tool", async () => {
    const draft = await tool("draft");
    expect((await call("GET", `/api/tools/${draft}/comments`)).status).toBe(404);
    expect((await call("GET", "/api/tools/no-such-tool/comments")).status).toBe(404);
    expect((await call("DELETE", "/api/comments/abc", { as: await person() })).status).toBe(404);
  });

  it("sorts newest, oldest, highest and lowest rated (unrated last, then newest)", async () => {
    const toolId = await tool();
    const ratings = [3, null, 5, 1, null];
    for (const [index, rating] of ratings.entries()) {
      clockMs += 1000;
      await post(toolId, await person(), { body: `Comment ${index}`, rating });
    }
    const order = async (sort: string) =>
      (await pageOf(toolId, undefined, `?sort=${sort}`)).threads.map((thread) =>
        Number(thread.bodyHtml.replace(/\D/g, "")),
      );
    expect(await order("newest")).toEqual([4, 3, 2, 1, 0]);
    expect(await order("oldest")).toEqual([0, 1, 2, 3, 4]);
    expect(await order("highest")).toEqual([2, 0, 3, 4, 1]);
    expect(await order("lowest")).toEqual([3, 0, 2, 4, 1]);
  });

  it("moderates: approve, hide, delete and restore recompute the ratings and are audited", async () => {
    const toolId = await tool();
    const [newcomer, admin, ann] = [
      await person({ ageMs: DAY_MS }),
      await person({ isAdmin: true }),
      await person(),
    ];
    const held = await post(toolId, newcomer, {
      body: "https://a.example https://b.example https://c.example",
      rating: 5,
    });
    await post(toolId, ann, { body: "Decent", rating: 3 });
    expect((await call("GET", "/api/admin/comments?filter=review", { as: ann })).status).toBe(403);
    const queue = await call<{ items: { id: number }[] }>(
      "GET",
      "/api/admin/comments?filter=review",
      {
        as: admin,
      },
    );
    expect(queue.body.items.map((item) => item.id)).toContain(held.body.comment.id);
    const moderate = (action: string) =>
      call<ModeratedComment>("POST", `/api/admin/comments/${held.body.comment.id}/moderate`, {
        as: admin,
        json: { action },
      });
    const steps: [string, string, number][] = [
      ["approve", "visible", 2],
      ["hide", "hidden", 1],
      ["restore", "visible", 2],
      ["delete", "deleted", 1],
      ["restore", "visible", 2],
    ];
    for (const [action, status, ratingCount] of steps) {
      const answer = await moderate(action);
      expect(answer.status).toBe(200);
      expect(answer.body.item).toMatchObject({ status, needsReview: false });
      expect(await ratingsOf(toolId)).toMatchObject({ stored: { ratingCount } });
      const { stored, fromRows } = await ratingsOf(toolId);
      expect(stored).toEqual(fromRows);
    }
    const bad = await call("POST", `/api/admin/comments/${held.body.comment.id}/moderate`, {
      as: admin,
      json: { action: "ban" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { fields: { action: expect.any(String) } } });
    const audit = await database.db
      .select({ details: adminAudit.details })
      .from(adminAudit)
      .where(and(eq(adminAudit.userId, admin.id), eq(adminAudit.action, "moderate-comment")));
    expect(audit.map((row) => (row.details as { action: string }).action)).toEqual(
      steps.map(([action]) => action),
    );
  });

  it("deletes a person's comments and reports with their account and recomputes the ratings", async () => {
    const toolId = await tool();
    const [leaver, ann] = [await person(), await person()];
    const answered = await post(toolId, leaver, { body: "Answered one", rating: 5 });
    await post(toolId, ann, { body: "A reply to it", parentId: answered.body.comment.id });
    const annComment = await post(toolId, ann, { body: "Mine stays", rating: 2 });
    await post(toolId, leaver, {
      body: "Reply by the leaver",
      parentId: annComment.body.comment.id,
    });
    await call("POST", `/api/comments/${annComment.body.comment.id}/report`, {
      as: leaver,
      json: {},
    });

    await deleteAccount(database.db, leaver.id);

    const rows = await database.db
      .select({
        id: comments.id,
        status: comments.status,
        authorId: comments.authorId,
        reportCount: comments.reportCount,
      })
      .from(comments)
      .where(eq(comments.toolId, toolId));
    expect(rows.filter((row) => row.authorId === leaver.id)).toEqual([]);
    expect(rows.find((row) => row.id === answered.body.comment.id)?.status).toBe("deleted");
    expect(rows.find((row) => row.id === annComment.body.comment.id)?.reportCount).toBe(0);
    expect(rows).toHaveLength(3);
    expect(
      await database.db.select().from(commentReports).where(eq(commentReports.userId, leaver.id)),
    ).toEqual([]);
    expect(await ratingsOf(toolId)).toEqual({
      stored: { ratingAvg: 2, ratingCount: 1 },
      fromRows: { ratingAvg: 2, ratingCount: 1 },
    });
  });

  it("answers every typed client function of the browser at its endpoint", async () => {
    const toolId = await tool();
    const [ann, bob, admin] = [await person(), await person(), await person({ isAdmin: true })];
    let as = ann;
    const send = globalThis.fetch;
    vi.stubGlobal("fetch", (path: string, init: RequestInit = {}) =>
      send(new URL(path, base), {
        ...init,
        headers: {
          ...(init.headers as Record<string, string> | undefined),
          cookie: `viewer=${as.id}`,
        },
      }),
    );
    try {
      const { comment } = await postComment(toolId, { body: "Through the client", rating: 4 });
      expect((await editComment(comment.id, { rating: 5 })).rating.ratingAvg).toBe(5);
      const page = await getToolComments(toolId, { sort: "newest", page: 1 });
      expect(page.threads.map((thread) => thread.id)).toEqual([comment.id]);
      as = bob;
      expect(await reportComment(comment.id, { reason: "test" })).toEqual({ reportCount: 1 });
      as = admin;
      const queue = await getModerationQueue({ filter: "reported", page: 1 });
      expect(queue.items.map((item) => item.id)).toContain(comment.id);
      expect((await moderateComment(comment.id, { action: "approve" })).item.status).toBe(
        "visible",
      );
      expect(await setCommentLock(toolId, { locked: false })).toEqual({ isLocked: false });
      as = ann;
      expect(await deleteComment(comment.id)).toMatchObject({ isPlaceholder: false });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
