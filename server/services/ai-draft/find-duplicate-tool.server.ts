import { sql } from "drizzle-orm";
import { sameSite, siteKeyOf } from "~/lib/ai-draft";
import type { Database, Transaction } from "#server/db/client.server";
import { siteHostOf, tools } from "#server/db/schema";
import { linkedToolColumns, toLinkedTool } from "#server/snapshot/tool-shapes.server";
import type { DuplicateTool } from "./draft-address.server";

/**
 * The catalogue tool (any status) whose website is the same site as `siteKey`
 * (siteKeyOf: host without "www." and path), or null. The host finds the rows through the index
 * of siteHostOf; sameSite decides.
 */
export async function findDuplicateTool(
  db: Database | Transaction,
  siteKey: string,
): Promise<DuplicateTool | null> {
  const host = siteKey.split("/")[0] ?? siteKey;
  const rows = await db
    .select({ ...linkedToolColumns, websiteUrl: tools.websiteUrl })
    .from(tools)
    .where(sql`${siteHostOf(tools.websiteUrl)} = ${host}`)
    .orderBy(tools.createdAt);
  const match = rows.find((row) => {
    const key = siteKeyOfAddress(row.websiteUrl);
    return key !== null && sameSite(key, siteKey);
  });
  return match ? toLinkedTool(match) : null;
}

function siteKeyOfAddress(address: string | null): string | null {
  if (!address) return null;
  try {
    return siteKeyOf(new URL(address));
  } catch {
    return null;
  }
}
