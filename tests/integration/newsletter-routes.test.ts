import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "~/lib/api/contract";
import { newsletterSignupSchema } from "~/lib/newsletter-schemas";
import { newsletterRoutes, adminNewsletterRoutes } from "#server/routes/newsletter.server";
import type { Application } from "#server/boot.server";
import type { DatabaseHandle } from "#server/db/client.server";
import { newsletterSubscribers } from "#server/db/schema";
import { handleErrors } from "#server/http/error-handler.server";
import { rejectMalformedRequests } from "#server/http/request-guard.server";
import { sameOriginWrites } from "#server/http/same-origin-writes.server";
import { createNewsletterServices } from "#server/services/newsletter/newsletter-services.server";
import { recordingMailer } from "./test-auth";
import { databaseKind, openTestDatabase } from "./test-database";

// RFC 8058 one-click unsubscribe as a mail provider sends it (no cookie, no Origin, a
// form body or none) through the guards every request passes, and the admins' subscriber CSV.

const APP_URL = "http://localhost:3999";
const ADMIN = { id: "admin-1", email: "admin@example.com", emailVerified: true, isAdmin: true };
const READER = { id: "reader-1", email: "reader@example.com", emailVerified: true, isAdmin: false };

describe(`the newsletter endpoints on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let server: Server;
  let base: string;
  const mailer = recordingMailer();
  let services: ReturnType<typeof createNewsletterServices>;

  const statusOf = async (email: string) =>
    (
      await database.db
        .select({ status: newsletterSubscribers.status })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, email))
    )[0]?.status;
  /** Subscribes and confirms `email`, answering the List-Unsubscribe URL of its mail. */
  const confirmedSubscriber = async (email: string) => {
    await services.subscribeToNewsletter(newsletterSignupSchema.parse({ email }), "10.40.0.1");
    const confirmation = mailer.sent.filter((mail) => mail.to === email).at(-1)!;
    const token = /confirm\?token=([\w-]+)/.exec(confirmation.text)![1]!;
    expect(await services.confirmNewsletterSubscription(token)).toBe(true);
    const header = confirmation.headers?.["List-Unsubscribe"] ?? "";
    return header.slice(1, -1);
  };
  const oneClick = (url: string, init: RequestInit = {}) =>
    fetch(url.replace(APP_URL, base), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", host: "localhost:3999" },
      body: "List-Unsubscribe=One-Click",
      ...init,
    });

  beforeAll(async () => {
    database = await openTestDatabase();
    services = createNewsletterServices({
      db: database.db,
      embedUrl: undefined,
      mailer,
      appUrl: APP_URL,
      logger: pino({ level: "silent" }),
    });
    const viewers = new Map([ADMIN, READER].map((viewer) => [viewer.id, viewer]));
    const app = {
      readSignedIn: async (headers: Headers) => {
        const viewer = viewers.get(headers.get("cookie")?.replace("viewer=", "") ?? "");
        return viewer ? { viewer, sessionToken: "s" } : null;
      },
      services,
    } as unknown as Application;
    const routes = express();
    routes.use(rejectMalformedRequests(APP_URL));
    routes.use(sameOriginWrites(APP_URL));
    routes.use("/api/newsletter", newsletterRoutes(app));
    routes.use("/api/admin", adminNewsletterRoutes(app));
    routes.use(handleErrors(pino({ level: "silent" })));
    server = createServer(routes).listen(0, "127.0.0.1");
    await once(server, "listening");
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    server.close();
    await database.close();
  });

  it("unsubscribes with the one-click body, no cookie and no Origin, and again alike", async () => {
    const url = await confirmedSubscriber("one-click@example.com");
    expect(url).toMatch(/^http:\/\/localhost:3999\/api\/newsletter\/unsubscribe\?token=[\w-]{43}$/);
    expect(await statusOf("one-click@example.com")).toBe("subscribed");
    const first = await oneClick(url);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ unsubscribed: true });
    expect(await statusOf("one-click@example.com")).toBe("unsubscribed");
    const again = await oneClick(url);
    expect(again.status).toBe(200);
    expect(await statusOf("one-click@example.com")).toBe("unsubscribed");
  });

  it.each(["https://mail.example.net", "null"])(
    "unsubscribes when the mail client sends Origin: %s",
    async (origin) => {
      const email = `origin-${origin.length}@example.com`;
      const url = await confirmedSubscriber(email);
      const response = await oneClick(url, {
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          host: "localhost:3999",
          origin,
        },
      });
      expect(response.status).toBe(200);
      expect(await statusOf(email)).toBe("unsubscribed");
    },
  );

  it("still refuses another site's Origin on every other write", async () => {
    const url = await confirmedSubscriber("other-writes@example.com");
    const writes: [string, string][] = [
      ["PUT", url.replace(APP_URL, base)],
      ["POST", `${base}/api/newsletter/unsubscribe/x`],
      ["POST", `${base}/api/newsletter`],
    ];
    for (const [method, target] of writes) {
      const response = await fetch(target, {
        method,
        headers: { "content-type": "application/json", origin: "https://mail.example.net" },
        body: "{}",
      });
      expect(response.status).toBe(403);
    }
    expect(await statusOf("other-writes@example.com")).toBe("subscribed");
  });

  it("unsubscribes with no body at all", async () => {
    const url = await confirmedSubscriber("no-body@example.com");
    const response = await oneClick(url, { body: undefined, headers: {} });
    expect(response.status).toBe(200);
    expect(await statusOf("no-body@example.com")).toBe("unsubscribed");
  });

  it("answers 404 for an unknown token and 400 for a malformed one, never a 500", async () => {
    const unknown = await oneClick(
      `${base}/api/newsletter/unsubscribe?token=${Buffer.alloc(32, 1).toString("base64url")}`,
    );
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ApiErrorBody).error.code).toBe("NOT_FOUND");
    for (const token of ["", "short", "a".repeat(44), "%00".repeat(43), "a+b/".repeat(11)]) {
      const response = await oneClick(`${base}/api/newsletter/unsubscribe?token=${token}`);
      expect(response.status).toBe(400);
    }
    expect((await oneClick(`${base}/api/newsletter/unsubscribe`)).status).toBe(400);
  });

  it("sends a browser that opens the URL to the page with the button, changing nothing", async () => {
    const url = await confirmedSubscriber("opened@example.com");
    const response = await fetch(url.replace(APP_URL, base), { redirect: "manual" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(
      `/newsletter/unsubscribe?token=${new URL(url).searchParams.get("token")}`,
    );
    expect(await statusOf("opened@example.com")).toBe("subscribed");
  });

  it("gives the subscriber CSV to admins only, as an attachment of confirmed subscribers", async () => {
    await confirmedSubscriber("listed@example.com");
    await services.subscribeToNewsletter(
      newsletterSignupSchema.parse({ email: "unconfirmed@example.com" }),
      "10.40.0.2",
    );
    const csvAs = (viewer: string | null) =>
      fetch(`${base}/api/admin/newsletter/subscribers.csv`, {
        headers: viewer ? { cookie: `viewer=${viewer}` } : {},
      });
    expect((await csvAs(null)).status).toBe(401);
    expect((await csvAs(READER.id)).status).toBe(403);
    const response = await csvAs(ADMIN.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="?newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"?$/,
    );
    const csv = await response.text();
    expect(csv.split("\r\n")[0]).toBe("email,confirmed_at,consent_at,consent_text");
    expect(csv).toContain("listed@example.com,");
    expect(csv).not.toContain("unconfirmed@example.com");
    expect(csv).not.toContain("one-click@example.com");
  });
});
