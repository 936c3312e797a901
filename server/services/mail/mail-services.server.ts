import type { Database } from "#server/db/client.server";
import { readOutbox } from "./read-outbox.server";

/** The mail the app sent, as the development mailbox page reads it. */
export function createMailServices({
  db,
  isProduction,
  hasOutbox,
}: {
  db: Database;
  isProduction: boolean;
  /** Mail is kept in the database outbox (no SMTP_URL). */
  hasOutbox: boolean;
}) {
  return {
    readOutbox: () => readOutbox(db, { isProduction, hasOutbox }),
  };
}
