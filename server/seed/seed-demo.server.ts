import type { Database } from "../db/client.server";
import { authUsers, toolLikes, tools } from "../db/schema";
import { generateDemoCatalogue } from "./demo-catalogue.server";

const BATCH = 250;

function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    out.push(items.slice(start, start + size));
  return out;
}

/**
 * Loads the demo catalogue in one transaction. Tools that already exist (same id or slug) are left
 * as they are, so running it twice adds nothing. Returns how many tools it added.
 */
export async function seedDemoCatalogue(db: Database, count?: number): Promise<number> {
  const demo = generateDemoCatalogue(count);
  return db.transaction(async (tx) => {
    const added = new Set<string>();
    for (const batch of batches(demo.tools, BATCH)) {
      const rows = await tx
        .insert(tools)
        .values(batch)
        .onConflictDoNothing()
        .returning({ id: tools.id });
      for (const row of rows) added.add(row.id);
    }
    const likes = demo.likes.filter((like) => added.has(like.toolId));
    // The demo likers are accounts without a password or provider: nobody can sign in as them.
    const likers = [...new Set(likes.map((like) => like.userId))].map((id) => ({
      id,
      name: "Demo user",
      email: `${id}@demo.invalid`,
      emailVerified: true,
    }));
    for (const batch of batches(likers, BATCH)) {
      await tx.insert(authUsers).values(batch).onConflictDoNothing();
    }
    for (const batch of batches(likes, BATCH * 4)) {
      await tx.insert(toolLikes).values(batch).onConflictDoNothing();
    }
    return added.size;
  });
}

/** True when the catalogue holds no tool at all, whatever its status. */
export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const row = await db.query.tools.findFirst({ columns: { id: true } });
  return row === undefined;
}
