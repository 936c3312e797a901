import { desc } from "drizzle-orm";
import type { Database } from "#server/db/client.server";
import { mailOutbox } from "#server/db/schema";

/** How many of the newest outbox mails the development mailbox shows. */
export const OUTBOX_PAGE_SIZE = 50;

/**
 * The development outbox, newest first. Null where it does not exist: in production, and where
 * mail goes out over SMTP instead of into the database.
 */
export async function readOutbox(
  db: Database,
  { isProduction, hasOutbox }: { isProduction: boolean; hasOutbox: boolean },
) {
  if (isProduction || !hasOutbox) return null;
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(OUTBOX_PAGE_SIZE);
}
