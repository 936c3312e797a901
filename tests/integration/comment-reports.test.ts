import { eq } from "drizzle-orm";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommentPage, ModerationQueue, SavedComment } from "~/lib/api/contract";
import type { Viewer } from "~/lib/profile";
import {
  adminCommentRoutes,
  commentRoutes,
  toolCommentRoutes,
} from "#server/routes/comments.server";
import type { Application } from "#server/boot.server";
import type { DatabaseHandle } from "#server/db/client.server";
import { authUsers, comments, toolLikes, tools } from "#server/db/schema";
import { handleErrors } from "#server/http/error-handler.server";
import { createRateLimitServices } from "#server/rate-limit/rate-limit-services.server";
import { createCommentsServices } from "#server/services/comments/comments-services.server";
import { createToolRow } from "../factories";
import { databaseKind, openTestDatabase } from "./test-database";
import { serveForTest, type ServedForTest } from "../support/serve-for-test";

// Trust-weighted reports (decision 027): reports from accounts younger than 7 days or with no
// other activity queue a comment for an admin but never hide it or take its rating out of the
// average; 3 reports from established accounts still hide it. Reporting is rate limited per
// account and per network.

const DAY_MS = 24 * 60 * 60_000;

describe(`trust-weighted comment reports on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let served: ServedForTest;
  let base: string;
  const clockMs = Date.now();
  const viewers = new Map<string, Viewer>();
  let people = 0;
  let toolCount = 0;

  async function person({
    ageMs = 30 * DAY_MS,
    isAdmin = false,
  }: { ageMs?: number; isAdmin?: boolean } = {}): Promise<Viewer> {
    people += 1;
    const viewer: Viewer = {
      id: `reporter-${people}`,
      email: `reporter-${people}@example.com`,
      emailVerified: true,
      username: `reporter${people}`,
      displayName: `Reporter ${people}`,
      photoUrl: null,
      isAdmin,
    };
    await database.db.insert(authUsers).values({
      id: viewer.id,
      email: viewer.email,
      emailVerified: true,
      role: isAdmin ? "admin" : "user",
      createdAt: new Date(clockMs - ageMs),
    });
    viewers.set(viewer.id, viewer);
    return viewer;
  }

  /** An account of 30 days that liked a tool a week ago: established. */
  async function establishedPerson(): Promise<Viewer> {
    const viewer = await person();
    const likedAt = new Date(clockMs - 7 * DAY_MS);
    await database.db
      .insert(toolLikes)
      .values({ userId: viewer.id, toolId: await tool(), createdAt: likedAt, updatedAt: likedAt });
    return viewer;
  }

  async function tool(): Promise<string> {
    toolCount += 1;
    const id = `report-tool-${toolCount}`;
    await database.db.insert(tools).values(createToolRow({ id, slug: id, status: "online" }));
    return id;
  }

  async function call<T = unknown>(
    method: "GET" | "POST",
    path: string,
    { as, json, address }: { as?: Viewer; json?: unknown; address?: string } = {},
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const number = people + 1000 * Number(as?.id.replace("reporter-", "") ?? 0);
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(as ? { cookie: `viewer=${as.id}` } : {}),
        ...(json === undefined ? {} : { "content-type": "application/json" }),
        "x-forwarded-for":
          address ?? `10.${(number >> 16) & 255}.${(number >> 8) & 255}.${number & 255}`,
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

  const report = (commentId: number, as: Viewer, address?: string) =>
    call("POST", `/api/comments/${commentId}/report`, { as, json: {}, address });

  async function fiveStarComment() {
    const toolId = await tool();
    const saved = await call<SavedComment>("POST", `/api/tools/${toolId}/comments`, {
      as: await person(),
      json: { body: "The best invoicing tool we tried", rating: 5 },
    });
    expect(saved.status).toBe(201);
    return { toolId, commentId: saved.body.comment.id };
  }

  async function shown(toolId: string) {
    const page = (await call<CommentPage>("GET", `/api/tools/${toolId}/comments`)).body;
    const [stored] = await database.db
      .select({ ratingAvg: tools.ratingAvg, ratingCount: tools.ratingCount })
      .from(tools)
      .where(eq(tools.id, toolId));
    return { threads: page.threads.length, rating: page.rating, stored };
  }

  async function statusOf(commentId: number) {
    const [row] = await database.db
      .select({ status: comments.status, needsReview: comments.needsReview })
      .from(comments)
      .where(eq(comments.id, commentId));
    return row;
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
    served = await serveForTest(routes);
    base = served.url;
  });
  afterAll(async () => {
    served.close();
    await database.close();
  });

  it("keeps a 5-star comment visible and in the average when three brand-new accounts report it, and queues it for an admin", async () => {
    const { toolId, commentId } = await fiveStarComment();
    for (let reporter = 0; reporter < 3; reporter += 1) {
      const brandNew = await person({ ageMs: 5_000 });
      expect((await report(commentId, brandNew)).status).toBe(200);
    }
    expect(await statusOf(commentId)).toEqual({ status: "visible", needsReview: true });
    expect(await shown(toolId)).toEqual({
      threads: 1,
      rating: { ratingAvg: 5, ratingCount: 1, histogram: [0, 0, 0, 0, 1] },
      stored: { ratingAvg: 5, ratingCount: 1 },
    });
    const queue = await call<ModerationQueue>("GET", "/api/admin/comments?filter=review", {
      as: await person({ isAdmin: true }),
    });
    expect(queue.body.items.find((item) => item.id === commentId)).toMatchObject({
      status: "visible",
      needsReview: true,
      reportCount: 3,
      trustedReportCount: 0,
    });
  });

  it("does not let old accounts with no other activity hide a comment either", async () => {
    const { toolId, commentId } = await fiveStarComment();
    for (let reporter = 0; reporter < 5; reporter += 1) {
      expect((await report(commentId, await person({ ageMs: 60 * DAY_MS }))).status).toBe(200);
    }
    expect((await statusOf(commentId))?.status).toBe("visible");
    expect((await shown(toolId)).stored).toEqual({ ratingAvg: 5, ratingCount: 1 });
  });

  it("does not count an active account younger than 7 days", async () => {
    const { commentId } = await fiveStarComment();
    for (let reporter = 0; reporter < 3; reporter += 1) {
      const young = await person({ ageMs: 6 * DAY_MS });
      await database.db.insert(toolLikes).values({ userId: young.id, toolId: await tool() });
      expect((await report(commentId, young)).status).toBe(200);
    }
    expect((await statusOf(commentId))?.status).toBe("visible");
  });

  it("hides the comment and takes its rating out once 3 established accounts report it", async () => {
    const { toolId, commentId } = await fiveStarComment();
    for (let reporter = 0; reporter < 4; reporter += 1) {
      await report(commentId, await person({ ageMs: 5_000 }));
    }
    await report(commentId, await establishedPerson());
    // An account whose activity is a visible comment of its own counts as well.
    const commenter = await person({ ageMs: 8 * DAY_MS });
    await database.db.insert(comments).values({
      toolId: await tool(),
      authorId: commenter.id,
      authorName: "Commenter",
      bodyHtml: "<p>Useful</p>",
      createdAt: new Date(clockMs - DAY_MS),
    });
    await report(commentId, commenter);
    expect((await statusOf(commentId))?.status).toBe("visible");
    expect((await report(commentId, await establishedPerson())).status).toBe(200);
    expect(await statusOf(commentId)).toEqual({ status: "hidden", needsReview: true });
    expect(await shown(toolId)).toMatchObject({
      threads: 0,
      stored: { ratingAvg: 0, ratingCount: 0 },
    });
    const queue = await call<ModerationQueue>("GET", "/api/admin/comments?filter=hidden", {
      as: await person({ isAdmin: true }),
    });
    expect(queue.body.items.find((item) => item.id === commentId)).toMatchObject({
      reportCount: 7,
      trustedReportCount: 3,
    });
  });

  it("takes one report per account", async () => {
    const { commentId } = await fiveStarComment();
    const reporter = await establishedPerson();
    expect((await report(commentId, reporter)).status).toBe(200);
    expect((await report(commentId, reporter)).status).toBe(409);
  });

  it("answers 429 with Retry-After past 10 reports a minute from one account", async () => {
    const reporter = await person({ ageMs: 5_000 });
    for (let n = 0; n < 10; n += 1) {
      const { commentId } = await fiveStarComment();
      expect((await report(commentId, reporter)).status).toBe(200);
    }
    const { commentId } = await fiveStarComment();
    const refused = await report(commentId, reporter);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({
      error: { message: "Too many requests. Please try again in a moment." },
    });
  });

  it("answers 429 with Retry-After past 60 reports a minute from one network address", async () => {
    const { commentId } = await fiveStarComment();
    for (let n = 0; n < 60; n += 1) {
      expect((await report(commentId, await person({ ageMs: 5_000 }), "10.250.0.9")).status).toBe(
        200,
      );
    }
    const refused = await report(commentId, await person({ ageMs: 5_000 }), "10.250.0.9");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await statusOf(commentId))?.status).toBe("visible");
  });
});
