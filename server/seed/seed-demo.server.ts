import type { Database, Transaction } from "../db/client.server";
import { authUsers, comments, toolLikes, tools } from "../db/schema";
import { generateDemoCatalogue } from "./demo-catalogue.server";
import type { DemoComment } from "./demo-comments.server";

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
    await insertDemoComments(
      tx,
      demo.comments.filter((comment) => added.has(comment.toolId)),
    );
    return added.size;
  });
}

/**
 * Demo comments carry no author account (authorId null, source "demo"); replies go in after
 * their threads, which name them by external id.
 */
async function insertDemoComments(tx: Transaction, demoComments: readonly DemoComment[]) {
  const ids = new Map<string, number>();
  const rowOf = (comment: DemoComment, parentId: number | null) => ({
    toolId: comment.toolId,
    parentId,
    authorName: comment.authorName,
    bodyHtml: comment.bodyHtml,
    rating: comment.rating,
    source: "demo",
    externalId: comment.externalId,
    createdAt: comment.createdAt,
    updatedAt: comment.createdAt,
  });
  const threads = demoComments.filter((comment) => comment.parentExternalId === null);
  for (const batch of batches(threads, BATCH * 4)) {
    const rows = await tx
      .insert(comments)
      .values(batch.map((comment) => rowOf(comment, null)))
      .onConflictDoNothing()
      .returning({ id: comments.id, externalId: comments.externalId });
    for (const row of rows) ids.set(row.externalId!, row.id);
  }
  const replies = demoComments.flatMap((comment) => {
    const parentId = comment.parentExternalId && ids.get(comment.parentExternalId);
    return parentId ? [rowOf(comment, parentId)] : [];
  });
  for (const batch of batches(replies, BATCH * 4)) {
    await tx.insert(comments).values(batch).onConflictDoNothing();
  }
}

/** True when the catalogue holds no tool at all, whatever its status. */
export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const row = await db.query.tools.findFirst({ columns: { id: true } });
  return row === undefined;
}
