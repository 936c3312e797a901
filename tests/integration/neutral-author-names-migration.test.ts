import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { neutralNameOf } from "#server/auth/public-name.server";
import type { DatabaseHandle } from "#server/db/client.server";
import { authUsers, comments, tools, userProfiles } from "#server/db/schema";
import { createToolRow } from "../factories";
import { databaseKind, openTestDatabase } from "./test-database";

// Migration 0015 on a database that already has comments written the old way: accounts without a
// display name under their email's local part. Its SQL is run again over such rows, as it ran over
// databases of the time, and must give the names the app now gives.

const MIGRATION = readFileSync(
  new URL("../../server/db/migrations/0015_neutral_author_names.sql", import.meta.url),
  "utf8",
);

describe(`migration 0015 on ${databaseKind}`, () => {
  let database: DatabaseHandle;

  async function runMigration() {
    for (const statement of MIGRATION.split("--> statement-breakpoint")) {
      await database.db.execute(sql.raw(statement));
    }
  }

  async function oldStyleAccount(id: string, email: string, displayName: string | null) {
    await database.db.insert(authUsers).values({ id, email, name: displayName ?? "" });
    await database.db.insert(userProfiles).values({
      userId: id,
      email,
      username: displayName ?? email.split("@")[0]!,
      displayName,
    });
  }

  const authorNames = async (toolId: string) =>
    (
      await database.db
        .select({ authorId: comments.authorId, authorName: comments.authorName })
        .from(comments)
        .where(eq(comments.toolId, toolId))
        .orderBy(comments.id)
    ).map((row) => row.authorName);

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it("renames local-part authors and usernames, and leaves chosen and imported names alone", async () => {
    const ids = Array.from({ length: 40 }, (_, index) => `old-user-${index}`);
    for (const [index, id] of ids.entries()) {
      await oldStyleAccount(id, `someone.${index}@example.com`, null);
    }
    await oldStyleAccount("named-user", "ann.smith@example.com", "Ann Smith");
    // Commented without a name, chose one later.
    await oldStyleAccount("named-later", "bob.jones@example.com", null);
    await database.db.insert(tools).values(createToolRow({ id: "old-tool", slug: "old-tool" }));
    const row = (authorId: string | null, authorName: string) => ({
      toolId: "old-tool",
      authorId,
      authorName,
      bodyHtml: "<p>Hi</p>",
    });
    await database.db
      .insert(comments)
      .values([
        ...ids.map((id, index) => row(id, `someone.${index}`)),
        row("named-user", "Ann Smith"),
        row("named-later", "bob.jones"),
        row(null, "someone.0"),
      ]);
    await database.db
      .update(userProfiles)
      .set({ displayName: "Bob Jones", username: "Bob Jones" })
      .where(eq(userProfiles.userId, "named-later"));

    await runMigration();

    expect(await authorNames("old-tool")).toEqual([
      ...ids.map((id) => neutralNameOf(id)),
      "Ann Smith",
      "Bob Jones",
      "someone.0",
    ]);
    const profiles = await database.db
      .select({ userId: userProfiles.userId, username: userProfiles.username })
      .from(userProfiles);
    const usernameOf = new Map(profiles.map((profile) => [profile.userId, profile.username]));
    for (const id of ids) expect(usernameOf.get(id)).toBe(neutralNameOf(id));
    expect(usernameOf.get("named-user")).toBe("Ann Smith");
    expect(usernameOf.get("named-later")).toBe("Bob Jones");
  });

  it("changes nothing when run again", async () => {
    const before = await authorNames("old-tool");
    await runMigration();
    expect(await authorNames("old-tool")).toEqual(before);
  });
});
