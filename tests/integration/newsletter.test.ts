import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSignupSchema } from "~/lib/newsletter";
import type { DatabaseHandle } from "../../server/db/client.server";
import { newsletterSubscribers } from "../../server/db/schema";
import { subscribeToNewsletter } from "../../server/services/newsletter/subscribe-to-newsletter.server";
import { databaseKind, openTestDatabase } from "./test-database";

describe(`newsletter sign-up on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("normalises the address and subscribes it once however often it is sent", async () => {
    const signup = newsletterSignupSchema.parse({ email: "  Reader@Example.COM " });
    await subscribeToNewsletter(database.db, signup);
    await subscribeToNewsletter(database.db, signup);
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
});
