import { asc, eq } from "drizzle-orm";
import { stringify } from "csv-stringify/sync";
import type { Database } from "#server/db/client.server";
import { newsletterSubscribers } from "#server/db/schema";
import { neutraliseCell } from "~/lib/csv-cell";

const COLUMNS = ["email", "confirmed_at", "consent_at", "consent_text"] as const;

/**
 * The confirmed subscribers with what they agreed to and when, as RFC 4180 CSV (CRLF),
 * oldest confirmation first. Every cell is guarded against spreadsheet formulas.
 */
export async function exportNewsletterSubscribers(db: Database): Promise<string> {
  const rows = await db
    .select({
      email: newsletterSubscribers.email,
      confirmedAt: newsletterSubscribers.confirmedAt,
      consentAt: newsletterSubscribers.consentAt,
      consentText: newsletterSubscribers.consentText,
    })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, "subscribed"))
    .orderBy(asc(newsletterSubscribers.confirmedAt), asc(newsletterSubscribers.email));
  const records = rows.map((row) =>
    [row.email, row.confirmedAt?.toISOString(), row.consentAt?.toISOString(), row.consentText].map(
      (cell) => neutraliseCell(cell ?? ""),
    ),
  );
  return stringify([[...COLUMNS], ...records], {
    record_delimiter: "\r\n",
    quoted_match: /[\r\n]/,
  });
}
