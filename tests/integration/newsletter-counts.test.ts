import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { newsletterSubscribers } from "#server/db/schema";
import { countNewsletterSubscribers } from "#server/services/newsletter/count-newsletter-subscribers.server";
import { databaseKind, openTestDatabase } from "./test-database";

describe(`newsletter subscriber counts on ${databaseKind}`, () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("answers zero for every state when nobody has signed up", async () => {
    expect(await countNewsletterSubscribers(database.db)).toEqual({
      pending: 0,
      confirmed: 0,
      unsubscribed: 0,
    });
  });

  it("counts pending, confirmed and unsubscribed addresses apart", async () => {
    await database.db.insert(newsletterSubscribers).values([
      { email: "pending-1@example.com", status: "pending" },
      { email: "pending-2@example.com", status: "pending" },
      { email: "confirmed-1@example.com", status: "subscribed" },
      { email: "confirmed-2@example.com", status: "subscribed" },
      { email: "confirmed-3@example.com", status: "subscribed" },
      { email: "left@example.com", status: "unsubscribed" },
    ]);
    expect(await countNewsletterSubscribers(database.db)).toEqual({
      pending: 2,
      confirmed: 3,
      unsubscribed: 1,
    });
  });
});
