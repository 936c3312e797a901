import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSignupSchema } from "~/lib/newsletter";
import type { DatabaseHandle } from "../../server/db/client.server";
import { newsletterSubscribers } from "../../server/db/schema";
import {
  NEWSLETTER_ADDRESS_RATE,
  NEWSLETTER_CLIENT_RATE,
  subscribeToNewsletter,
} from "../../server/services/newsletter/subscribe-to-newsletter.server";
import { databaseKind, openTestDatabase } from "./test-database";

describe(`newsletter sign-up on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  const subscribe = (email: string, clientAddress: string) =>
    subscribeToNewsletter(database.db, newsletterSignupSchema.parse({ email }), clientAddress);
  const isSubscribed = async (email: string) =>
    (
      await database.db
        .select({ total: count() })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, email))
    )[0]?.total === 1;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("normalises the address and subscribes it once however often it is sent", async () => {
    expect(await subscribe("  Reader@Example.COM ", "10.20.0.1")).toBe("subscribed");
    expect(await subscribe("reader@example.com", "10.20.0.2")).toBe("subscribed");
    const rows = await database.db.select().from(newsletterSubscribers);
    expect(rows.map((row) => [row.email, row.status])).toEqual([
      ["reader@example.com", "subscribed"],
    ]);
  });

  it("rejects an invalid address with a clear message", () => {
    const result = newsletterSignupSchema.safeParse({ email: "nope" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Enter a valid email address.");
  });

  it("limits sign-ups per client, writing nothing once refused", async () => {
    for (let n = 0; n < NEWSLETTER_CLIENT_RATE.max; n++) {
      expect(await subscribe(`busy-${n}@example.com`, "10.20.1.1")).toBe("subscribed");
    }
    expect(await subscribe("one-too-many@example.com", "10.20.1.1")).toBe("rate-limited");
    expect(await isSubscribed("one-too-many@example.com")).toBe(false);
    // Another client is not held back.
    expect(await subscribe("one-too-many@example.com", "10.20.1.2")).toBe("subscribed");
  });

  it("counts every IPv6 address of one /64 as one client", async () => {
    for (let n = 0; n < NEWSLETTER_CLIENT_RATE.max; n++) {
      const rotated = `2001:db8:20:1:${n.toString(16)}::1`;
      expect(await subscribe(`rotating-${n}@example.com`, rotated)).toBe("subscribed");
    }
    expect(await subscribe("rotated@example.com", "2001:db8:20:1:ffff::9")).toBe("rate-limited");
    expect(await subscribe("rotated@example.com", "2001:db8:20:2::1")).toBe("subscribed");
  });

  it("limits sign-ups per address across clients", async () => {
    for (let n = 0; n < NEWSLETTER_ADDRESS_RATE.max; n++) {
      expect(await subscribe("target@example.com", `10.20.2.${n}`)).toBe("subscribed");
    }
    expect(await subscribe("TARGET@example.com", "10.20.2.200")).toBe("rate-limited");
  });
});
