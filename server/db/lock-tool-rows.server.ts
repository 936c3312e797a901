import { sql } from "drizzle-orm";
import type { Transaction } from "./client.server";

/**
 * Locks these tools' rows for the rest of the transaction, always in id order, so bulk admin writes
 * and view flushes (of this server or another) never deadlock on each other.
 */
export async function lockInOrder(tx: Transaction, ids: readonly string[]) {
  const sorted = [...new Set(ids)].sort();
  await tx.execute(sql`select id from tools where id in ${sorted} order by id for no key update`);
}
