import { readdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openPostgres } from "#server/db/client.server";
import { createScratchDatabase } from "../scratch-database";

const serverUrl = process.env.TEST_DATABASE_URL;
const migrationFiles = readdirSync(new URL("../../server/db/migrations", import.meta.url)).filter(
  (file) => file.endsWith(".sql"),
);

// Several app servers start at once on one PostgreSQL: the advisory lock lets one migrate while
// the others wait, and nobody fails. (PGlite has one server per DATA_DIR by its lock file.)
describe.runIf(serverUrl)("migrations on PostgreSQL", () => {
  it("run once when three servers start together", async () => {
    const scratch = await createScratchDatabase(serverUrl as string, "migrate");
    const servers = await Promise.all([1, 2, 3].map(() => openPostgres(scratch.url)));
    try {
      await Promise.all(servers.map((server) => server.migrate()));
      const [first] = await servers[0]!.db
        .select({ applied: sql<number>`count(*)::int` })
        .from(sql`drizzle.__drizzle_migrations`);
      expect(first?.applied).toBe(migrationFiles.length);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
      await scratch.drop();
    }
  });
});
