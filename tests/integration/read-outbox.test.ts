import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { mailOutbox } from "#server/db/schema";
import { OUTBOX_PAGE_SIZE, readOutbox } from "#server/services/mail/read-outbox.server";
import { databaseKind, openTestDatabase } from "./test-database";

// The development mailbox's read: the newest mails of the database outbox, never in production.

describe(`the development outbox on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.insert(mailOutbox).values(
      Array.from({ length: 52 }, (_, index) => ({
        to: `person${index + 1}@example.com`,
        subject: `Mail ${index + 1}`,
        text: "Hello",
        html: "<p>Hello</p>",
      })),
    );
  });
  afterAll(async () => {
    await database.close();
  });

  it("lists the newest 50 mails, newest first", async () => {
    const mails = await readOutbox(database.db, { isProduction: false, hasOutbox: true });
    expect(OUTBOX_PAGE_SIZE).toBe(50);
    expect(mails?.map((mail) => mail.subject)).toEqual(
      Array.from({ length: 50 }, (_, index) => `Mail ${52 - index}`),
    );
  });

  it("does not exist in production or where mail goes out over SMTP", async () => {
    expect(await readOutbox(database.db, { isProduction: true, hasOutbox: true })).toBeNull();
    expect(await readOutbox(database.db, { isProduction: false, hasOutbox: false })).toBeNull();
  });
});
