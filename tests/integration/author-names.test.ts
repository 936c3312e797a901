import { eq } from "drizzle-orm";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commentRoutes, toolCommentRoutes } from "#server/routes/comments.server";
import type { Auth } from "#server/auth/auth.server";
import { createViewerReader } from "#server/auth/viewer.server";
import type { Application } from "#server/boot.server";
import type { DatabaseHandle } from "#server/db/client.server";
import { authUsers, tools, userProfiles } from "#server/db/schema";
import { handleErrors } from "#server/http/error-handler.server";
import { createRateLimitServices } from "#server/rate-limit/rate-limit-services.server";
import { createCommentsServices } from "#server/services/comments/comments-services.server";
import { createToolRow } from "../factories";
import { buildTestAuth } from "./test-auth";
import { databaseKind, openTestDatabase } from "./test-database";
import { serveForTest, type ServedForTest } from "../support/serve-for-test";

// A person who signed up without a display name comments and replies: the public comment page
// must not show any part of their email address. Better Auth, the session reader, the comment
// routes and services, on a real database.

const APP_URL = "http://localhost:3000";
const PASSWORD = "correct horse battery";

describe(`the public name of an account without a display name on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let auth: Auth;
  let served: ServedForTest;
  let base: string;

  const callAuth = (path: string, body: unknown) =>
    auth.handler(
      new Request(`${APP_URL}/api/auth${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: APP_URL, "x-client-ip": "10.3.0.1" },
        body: JSON.stringify(body),
      }),
    );

  /** A verified account signed up with no display name, signed in: its session cookie. */
  async function namelessCookie(email: string): Promise<string> {
    await callAuth("/sign-up/email", { email, password: PASSWORD, name: "" });
    await database.db
      .update(authUsers)
      .set({ emailVerified: true })
      .where(eq(authUsers.email, email));
    const signedIn = await callAuth("/sign-in/email", { email, password: PASSWORD });
    return signedIn.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
  }

  async function call(method: "GET" | "POST", path: string, cookie?: string, json?: unknown) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(json === undefined ? {} : { "content-type": "application/json" }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    return { status: response.status, text: await response.text() };
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    auth = buildTestAuth(database, { appUrl: APP_URL });
    const readSignedIn = createViewerReader(auth, database.db, []);
    const app = {
      readSignedIn,
      services: {
        ...createCommentsServices({ db: database.db, now: () => new Date() }),
        ...createRateLimitServices({ db: database.db }),
      },
    } as unknown as Application;
    const routes = express();
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

  it("shows their comment and reply under a made-up name, never the email's local part", async () => {
    await database.db
      .insert(tools)
      .values(createToolRow({ id: "named-tool", slug: "named-tool", status: "online" }));
    const grace = await namelessCookie("grace.hopper@example.com");
    const ada = await namelessCookie("ada.lovelace@example.com");

    const comment = await call("POST", "/api/tools/named-tool/comments", grace, {
      body: "Handy for invoices.",
      rating: 5,
    });
    expect(comment.status).toBe(201);
    const parentId = (JSON.parse(comment.text) as { comment: { id: number } }).comment.id;
    const reply = await call("POST", "/api/tools/named-tool/comments", ada, {
      body: "Agreed.",
      parentId,
    });
    expect(reply.status).toBe(201);

    const page = await call("GET", "/api/tools/named-tool/comments");
    for (const publicText of [comment.text, reply.text, page.text]) {
      expect(publicText).not.toMatch(/grace|hopper|ada\b|lovelace|example\.com/i);
    }
    const names = (text: string) =>
      [...text.matchAll(/"authorName":"([^"]*)"/g)].map((match) => match[1]);
    expect(names(page.text)).toHaveLength(2);
    for (const name of names(page.text)) expect(name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    expect(names(page.text)).toEqual(
      expect.arrayContaining([...names(comment.text), ...names(reply.text)]),
    );
  });

  it("gives each account one name, the same on every comment and in its profile", async () => {
    await database.db
      .insert(tools)
      .values(createToolRow({ id: "second-tool", slug: "second-tool", status: "online" }));
    const cookie = await namelessCookie("linus@example.com");
    const first = await call("POST", "/api/tools/second-tool/comments", cookie, { body: "One." });
    const second = await call("POST", "/api/tools/second-tool/comments", cookie, { body: "Two." });
    const nameOf = (text: string) =>
      (JSON.parse(text) as { comment: { authorName: string } }).comment.authorName;
    expect(nameOf(first.text)).toBe(nameOf(second.text));
    const [profile] = await database.db
      .select({ username: userProfiles.username })
      .from(userProfiles)
      .where(eq(userProfiles.email, "linus@example.com"));
    expect(profile!.username).toBe(nameOf(first.text));
  });
});
