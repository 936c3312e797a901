import type { SQL } from "drizzle-orm";
import type { Database, Transaction } from "./client.server";

/**
 * Runs raw SQL and returns its rows. Both drivers answer `execute` with a result holding `rows`,
 * but drizzle's shared database type does not say so; the cast is made here, once.
 */
export async function queryRows<Row extends Record<string, unknown>>(
  db: Database | Transaction,
  query: SQL,
): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}
