import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commentRoutes, toolCommentRoutes } from "#server/routes/comments.server";
import { likeRoutes } from "#server/routes/likes.server";
import type { Auth } from "#server/auth/auth.server";
import { createViewerReader } from "#server/auth/viewer.server";
import type { Application } from "#server/boot.server";
import type { DatabaseHandle } from "#server/db/client.server";
import {
  authRateLimits,
  authUsers,
  commentReports,
  comments,
  toolLikes,
  tools,
} from "#server/db/schema";
import { handleErrors } from "#server/http/error-handler.server";
import { createRateLimitServices } from "#server/rate-limit/rate-limit-services.server";
import { createCommentsServices } from "#server/services/comments/comments-services.server";
import { createLikesServices } from "#server/services/likes/likes-services.server";
import { createToolRow } from "../factories";
import { buildTestAuth } from "./test-auth";
import { databaseKind, openTestDatabase } from "./test-database";
import { serveForTest, type ServedForTest } from "../support/serve-for-test";

// A person whose email is not verified may not like, comment, rate or
// report; the server answers 403 whatever the page shows. Since decision 022 nobody can sign in
// to such an account, so the session here is made in the database, as one started before that
// change would be, and read by the app's own reader of the session cookie.

const APP_URL = "http://localhost:3000";
const EMAIL = "started-before-022@example.com";

describe(`a session of an account whose email is not verified, on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let auth: Auth;
  let served: ServedForTest;
  let base: string;
  let cookie: string;
  let commentId: number;

  const send = (method: "POST" | "DELETE", path: string, json?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: {
        cookie,
        ...(json === undefined ? {} : { "content-type": "application/json" }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });

  beforeAll(async () => {
    database = await openTestDatabase();
    auth = buildTestAuth(database, { appUrl: APP_URL });
    const signedUp = await auth.handler(
      new Request(`${APP_URL}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: APP_URL, "x-client-ip": "10.5.0.1" },
        body: JSON.stringify({ email: EMAIL, password: "correct horse battery", name: "Early" }),
      }),
    );
    expect(signedUp.status).toBe(200);
    const account = await database.db.query.authUsers.findFirst({
      where: eq(authUsers.email, EMAIL),
    });
    expect(account?.emailVerified).toBe(false);

    // The session and its signed cookie, as Better Auth made them before decision 022.
    const context = await auth.$context;
    const session = await context.internalAdapter.createSession(account!.id);
    const signature = createHmac("sha256", context.secret).update(session.token).digest("base64");
    cookie = `${context.authCookies.sessionToken.name}=${encodeURIComponent(`${session.token}.${signature}`)}`;

    await database.db.insert(tools).values(createToolRow({ id: "early-tool", slug: "early-tool" }));
    const [written] = await database.db
      .insert(comments)
      .values({ toolId: "early-tool", authorName: "Ann", bodyHtml: "<p>Useful</p>" })
      .returning({ id: comments.id });
    commentId = written!.id;

    const app = {
      readSignedIn: createViewerReader(auth, database.db, []),
      services: {
        ...createLikesServices({ db: database.db }),
        ...createCommentsServices({ db: database.db }),
        ...createRateLimitServices({ db: database.db }),
      },
    } as unknown as Application;
    const routes = express();
    routes.use("/api/tools", likeRoutes(app));
    routes.use("/api/tools", toolCommentRoutes(app));
    routes.use("/api/comments", commentRoutes(app));
    routes.use(handleErrors(pino({ level: "silent" })));
    served = await serveForTest(routes);
    base = served.url;
  });
  afterAll(async () => {
    served.close();
    await database.close();
  });

  it("is read as signed in and unverified", async () => {
    const signedIn = await createViewerReader(auth, database.db, [])(new Headers({ cookie }));
    expect(signedIn?.viewer).toMatchObject({ email: EMAIL, emailVerified: false });
  });

  it("is refused a like with 403 and the refusal's message, and nothing is written", async () => {
    for (const method of ["POST", "DELETE"] as const) {
      const refused = await send(method, "/api/tools/early-tool/like");
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({
        error: { code: "FORBIDDEN", message: "Verify your email address to like tools." },
      });
    }
    expect(await database.db.select().from(toolLikes)).toEqual([]);
    const [tool] = await database.db.select().from(tools).where(eq(tools.id, "early-tool"));
    expect(tool?.likesTotal).toBe(0);
    const steps = await database.db.select({ key: authRateLimits.key }).from(authRateLimits);
    expect(steps.filter(({ key }) => key.startsWith("likes:"))).toEqual([]);
  });

  it("is refused a comment, a rating and a reply with 403, and nothing is written", async () => {
    for (const json of [
      { body: "Written before verifying" },
      { body: "Five stars", rating: 5 },
      { body: "A reply", parentId: commentId },
    ]) {
      const refused = await send("POST", "/api/tools/early-tool/comments", json);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({
        error: { code: "FORBIDDEN", message: "Verify your email address to comment and rate." },
      });
    }
    expect(await database.db.select({ id: comments.id }).from(comments)).toEqual([
      { id: commentId },
    ]);
  });

  it("is refused a report with 403, and the comment keeps no report", async () => {
    const refused = await send("POST", `/api/comments/${commentId}/report`, {});
    expect(refused.status).toBe(403);
    expect(await database.db.select().from(commentReports)).toEqual([]);
    const [comment] = await database.db.select().from(comments).where(eq(comments.id, commentId));
    expect(comment).toMatchObject({ reportCount: 0, needsReview: false, status: "visible" });
  });
});
