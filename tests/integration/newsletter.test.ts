import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NEWSLETTER_CONSENT_TEXT } from "~/lib/newsletter";
import { newsletterSignupSchema } from "~/lib/newsletter-schemas";
import type { DatabaseHandle } from "#server/db/client.server";
import { newsletterSubscribers } from "#server/db/schema";
import type { Mail } from "#server/mail/mailer.server";
import {
  confirmNewsletterSubscription,
  isNewsletterConfirmationLive,
} from "#server/services/newsletter/confirm-newsletter-subscription.server";
import { exportNewsletterSubscribers } from "#server/services/newsletter/export-newsletter-subscribers.server";
import {
  NEWSLETTER_ADDRESS_RATE,
  NEWSLETTER_CLIENT_RATE,
  subscribeToNewsletter,
} from "#server/services/newsletter/subscribe-to-newsletter.server";
import {
  getNewsletterMembership,
  unsubscribeFromNewsletter,
} from "#server/services/newsletter/unsubscribe-from-newsletter.server";
import { databaseKind, openTestDatabase } from "./test-database";

// Double opt-in with a mailed, single-use, expiring link; one-click unsubscribe.

const APP_URL = "https://tools.example";
const HOUR = 3600_000;

describe(`the newsletter's double opt-in on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let mails: Mail[];
  let clients = 0;
  const mailing = (now?: Date) => ({
    appUrl: APP_URL,
    sendMail: (mail: Mail) => mails.push(mail),
    now,
  });
  /** Each call from a client of its own unless told, so that only the rate tests meet a limit. */
  const subscribe = (email: string, options: { client?: string; now?: Date } = {}) =>
    subscribeToNewsletter(
      database.db,
      newsletterSignupSchema.parse({ email }),
      options.client ?? `10.30.${Math.floor(++clients / 250)}.${clients % 250}`,
      mailing(options.now),
    );
  const rowOf = async (email: string) =>
    (
      await database.db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, email))
    )[0];
  const lastMailTo = (email: string) => mails.filter((mail) => mail.to === email).at(-1)!;
  const tokenIn = (mail: Mail, path: string) =>
    new URL(new RegExp(`${APP_URL}${path}\\?token=[\\w-]+`).exec(mail.text)![0]).searchParams.get(
      "token",
    )!;
  const confirmTokenOf = (email: string) => tokenIn(lastMailTo(email), "/newsletter/confirm");
  const confirm = (token: string, now?: Date) =>
    confirmNewsletterSubscription(database.db, token, mailing(now));
  const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  beforeEach(() => {
    mails = [];
  });
  afterAll(async () => {
    await database.close();
  });

  it("keeps a request pending with the consent text and time, and mails a confirmation link", async () => {
    const asked = new Date("2026-03-02T10:00:00Z");
    expect(await subscribe("  Reader@Example.COM ", { now: asked })).toBe("sent");
    const row = await rowOf("reader@example.com");
    expect(row).toMatchObject({
      status: "pending",
      consentText: NEWSLETTER_CONSENT_TEXT,
      consentAt: asked,
      confirmExpiresAt: new Date("2026-03-04T10:00:00Z"),
      confirmedAt: null,
    });
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      ["reader@example.com", "Confirm your newsletter subscription"],
    ]);
    expect(row?.consentText).toBe(
      "Send me the weekly Business AI Tools newsletter. I can unsubscribe at any time with the link in every email.",
    );
  });

  it("stores only the sha256 of the 32-byte confirmation token", async () => {
    await subscribe("hashed@example.com");
    const token = confirmTokenOf("hashed@example.com");
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const row = await rowOf("hashed@example.com");
    expect(row?.confirmTokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("answers alike for a new, a pending and a confirmed address, and mails a confirmed one nothing", async () => {
    expect(await subscribe("new@example.com")).toBe("sent");
    expect(await subscribe("new@example.com")).toBe("sent");
    expect(await confirm(confirmTokenOf("new@example.com"))).toBe(true);
    mails = [];
    expect(await subscribe("new@example.com")).toBe("sent");
    expect(mails).toEqual([]);
    expect((await rowOf("new@example.com"))?.status).toBe("subscribed");
  });

  it("confirms once, then mails a welcome with the same unsubscribe link", async () => {
    await subscribe("once@example.com");
    const confirmation = lastMailTo("once@example.com");
    const token = confirmTokenOf("once@example.com");
    expect(await isNewsletterConfirmationLive(database.db, token)).toBe(true);
    const confirmedAt = new Date();
    expect(await confirm(token, confirmedAt)).toBe(true);
    expect(await rowOf("once@example.com")).toMatchObject({
      status: "subscribed",
      confirmedAt,
      confirmTokenHash: null,
    });
    const welcome = lastMailTo("once@example.com");
    expect(welcome.subject).toBe("Welcome to the Business AI Tools newsletter");
    expect(welcome.headers).toEqual(confirmation.headers);

    expect(await confirm(token)).toBe(false);
    expect(await isNewsletterConfirmationLive(database.db, token)).toBe(false);
    expect(mails.filter((mail) => mail.subject.startsWith("Welcome"))).toHaveLength(1);
  });

  it("refuses a link older than 48 hours", async () => {
    const asked = new Date("2026-03-02T10:00:00Z");
    await subscribe("late@example.com", { now: asked });
    const token = confirmTokenOf("late@example.com");
    expect(await confirm(token, new Date(asked.getTime() + 48 * HOUR + 1000))).toBe(false);
    expect((await rowOf("late@example.com"))?.status).toBe("pending");
    expect(await confirm(token, new Date(asked.getTime() + 47 * HOUR))).toBe(true);
  });

  it("refuses a link whose expiry has passed on the real clock", async () => {
    await subscribe("expired@example.com");
    const token = confirmTokenOf("expired@example.com");
    await database.db
      .update(newsletterSubscribers)
      .set({ confirmExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(newsletterSubscribers.email, "expired@example.com"));
    expect(await isNewsletterConfirmationLive(database.db, token)).toBe(false);
    expect(await confirm(token)).toBe(false);
  });

  it("replaces the token on a new request: only the newest link confirms", async () => {
    await subscribe("again@example.com");
    const first = confirmTokenOf("again@example.com");
    const firstUnsubscribe = tokenIn(lastMailTo("again@example.com"), "/newsletter/unsubscribe");
    await subscribe("again@example.com");
    const second = confirmTokenOf("again@example.com");
    expect(second).not.toBe(first);
    expect(tokenIn(lastMailTo("again@example.com"), "/newsletter/unsubscribe")).toBe(
      firstUnsubscribe,
    );
    expect(await confirm(first)).toBe(false);
    expect(await confirm(second)).toBe(true);
  });

  it("knows no unknown or malformed-looking token", async () => {
    const unknown = Buffer.alloc(32, 7).toString("base64url");
    expect(await confirm(unknown)).toBe(false);
    expect(await unsubscribeFromNewsletter(database.db, unknown)).toBe(false);
    expect(await getNewsletterMembership(database.db, unknown)).toBeNull();
  });

  it("unsubscribes by the mailed token as often as it is used, keeping the first time", async () => {
    await subscribe("leaving@example.com");
    await confirm(confirmTokenOf("leaving@example.com"));
    const token = tokenIn(lastMailTo("leaving@example.com"), "/newsletter/unsubscribe");
    expect(await getNewsletterMembership(database.db, token)).toBe("subscribed");
    const first = new Date("2026-04-01T08:00:00Z");
    expect(await unsubscribeFromNewsletter(database.db, token, first)).toBe(true);
    expect(await unsubscribeFromNewsletter(database.db, token, new Date())).toBe(true);
    expect(await rowOf("leaving@example.com")).toMatchObject({
      status: "unsubscribed",
      unsubscribedAt: first,
    });
    expect(await getNewsletterMembership(database.db, token)).toBe("unsubscribed");
  });

  it("subscribes an address that left again only through a new confirmation", async () => {
    await subscribe("returning@example.com");
    const stale = confirmTokenOf("returning@example.com");
    const unsubscribeToken = tokenIn(
      lastMailTo("returning@example.com"),
      "/newsletter/unsubscribe",
    );
    await unsubscribeFromNewsletter(database.db, unsubscribeToken);
    // Unsubscribing kills the confirmation link still in the inbox.
    expect(await confirm(stale)).toBe(false);

    expect(await subscribe("returning@example.com")).toBe("sent");
    expect((await rowOf("returning@example.com"))?.status).toBe("pending");
    expect(await confirm(confirmTokenOf("returning@example.com"))).toBe(true);
    expect(await rowOf("returning@example.com")).toMatchObject({
      status: "subscribed",
      unsubscribedAt: null,
    });
  });

  it("puts List-Unsubscribe headers and an unsubscribe link in every mail, all escaped", async () => {
    await subscribe("headers@example.com");
    await confirm(confirmTokenOf("headers@example.com"));
    const unsubscribeToken = (await rowOf("headers@example.com"))!.unsubscribeToken!;
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.headers).toEqual({
        "List-Unsubscribe": `<${APP_URL}/api/newsletter/unsubscribe?token=${unsubscribeToken}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
      const page = `${APP_URL}/newsletter/unsubscribe?token=${unsubscribeToken}`;
      expect(mail.text).toContain(`Unsubscribe: ${page}`);
      expect(mail.html).toContain(`<a href="${page}"`);
    }
  });

  it("rejects an invalid address with a clear message", () => {
    const result = newsletterSignupSchema.safeParse({ email: "nope" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Enter a valid email address.");
  });

  it("limits requests per client, writing and mailing nothing once refused", async () => {
    for (let n = 0; n < NEWSLETTER_CLIENT_RATE.max; n++) {
      expect(await subscribe(`busy-${n}@example.com`, { client: "10.20.1.1" })).toBe("sent");
    }
    mails = [];
    expect(await subscribe("one-too-many@example.com", { client: "10.20.1.1" })).toEqual({
      retryAfterSeconds: expect.any(Number),
    });
    expect(await rowOf("one-too-many@example.com")).toBeUndefined();
    expect(mails).toEqual([]);
    // Another client is not held back.
    expect(await subscribe("one-too-many@example.com", { client: "10.20.1.2" })).toBe("sent");
  });

  it("counts every IPv6 address of one /64 as one client", async () => {
    for (let n = 0; n < NEWSLETTER_CLIENT_RATE.max; n++) {
      const rotated = `2001:db8:20:1:${n.toString(16)}::1`;
      expect(await subscribe(`rotating-${n}@example.com`, { client: rotated })).toBe("sent");
    }
    expect(await subscribe("rotated@example.com", { client: "2001:db8:20:1:ffff::9" })).toEqual({
      retryAfterSeconds: expect.any(Number),
    });
    expect(await subscribe("rotated@example.com", { client: "2001:db8:20:2::1" })).toBe("sent");
  });

  it("limits requests per address across clients", async () => {
    for (let n = 0; n < NEWSLETTER_ADDRESS_RATE.max; n++) {
      expect(await subscribe("target@example.com")).toBe("sent");
    }
    expect(mails).toHaveLength(5);
    expect(await subscribe("TARGET@example.com")).toEqual({
      retryAfterSeconds: expect.any(Number),
    });
    expect(mails).toHaveLength(5);
  });
});

describe(`the subscriber export on ${databaseKind}`, () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("lists confirmed subscribers only, with consent, and defuses spreadsheet formulas", async () => {
    const at = (iso: string) => new Date(iso);
    await database.db.insert(newsletterSubscribers).values([
      {
        email: "first@example.com",
        status: "subscribed",
        confirmedAt: at("2026-01-01T09:00:00Z"),
        consentAt: at("2026-01-01T08:59:00Z"),
        consentText: NEWSLETTER_CONSENT_TEXT,
      },
      {
        email: "-2+3@example.com",
        status: "subscribed",
        confirmedAt: at("2026-01-02T09:00:00Z"),
        consentAt: at("2026-01-02T08:00:00Z"),
        consentText: '=HYPERLINK("https://evil.example","click")',
      },
      { email: "pending@example.com", status: "pending" },
      {
        email: "gone@example.com",
        status: "unsubscribed",
        confirmedAt: at("2026-01-01T00:00:00Z"),
      },
    ]);
    const csv = await exportNewsletterSubscribers(database.db);
    expect(csv.split("\r\n")[0]).toBe("email,confirmed_at,consent_at,consent_text");
    expect(parse(csv)).toEqual([
      ["email", "confirmed_at", "consent_at", "consent_text"],
      [
        "first@example.com",
        "2026-01-01T09:00:00.000Z",
        "2026-01-01T08:59:00.000Z",
        NEWSLETTER_CONSENT_TEXT,
      ],
      [
        "'-2+3@example.com",
        "2026-01-02T09:00:00.000Z",
        "2026-01-02T08:00:00.000Z",
        `'=HYPERLINK("https://evil.example","click")`,
      ],
    ]);
  });
});
