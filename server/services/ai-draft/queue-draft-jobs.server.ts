import { and, inArray } from "drizzle-orm";
import {
  ACTIVE_DRAFT_STATES,
  AI_DRAFT_LIMITS,
  DRAFT_FAILURES,
  normaliseAddress,
  readAddressList,
} from "~/lib/ai-draft";
import type { DraftJobsQueued } from "~/lib/api/contract";
import type { Database } from "#server/db/client.server";
import { aiDraftJobs } from "#server/db/schema";
import { AppError } from "#server/core/errors.server";
import type { Actor } from "../admin/record-admin-action.server";
import type { DuplicateTool } from "./draft-address.server";
import { draftJobsOf } from "./get-draft-job.server";

const ALREADY_QUEUED = "This address is already being drafted.";

/**
 * A pasted list (or an address file's text) becomes one job per address. Invalid
 * addresses and those already being drafted are refused with the reason; a tool with the same
 * site fails its job as a duplicate before anything is fetched, so the admin sees the link and
 * may draft it anyway. All rows go in one transaction.
 */
export async function queueDraftJobs(
  db: Database,
  actor: Actor,
  text: string,
  findDuplicate: (siteKey: string) => Promise<DuplicateTool | null>,
): Promise<DraftJobsQueued> {
  const addresses = readAddressList(text);
  if (addresses.length === 0) {
    throw new AppError("INVALID", "Paste one or more web addresses.", {
      addresses: "Paste one or more web addresses.",
    });
  }
  if (addresses.length > AI_DRAFT_LIMITS.addresses) {
    const message = `At most ${AI_DRAFT_LIMITS.addresses} addresses at a time; this list has ${addresses.length}.`;
    throw new AppError("INVALID", message, { addresses: message });
  }
  const refused: DraftJobsQueued["refused"] = [];
  const valid: { address: string; url: string; host: string; siteKey: string }[] = [];
  const urls = new Set<string>();
  for (const address of addresses) {
    const normalised = normaliseAddress(address);
    if (!normalised.ok) refused.push({ address, message: normalised.message });
    else if (urls.has(normalised.url)) refused.push({ address, message: ALREADY_QUEUED });
    else {
      urls.add(normalised.url);
      valid.push({ address, ...normalised });
    }
  }
  const active =
    valid.length === 0
      ? []
      : await db
          .select({ url: aiDraftJobs.url })
          .from(aiDraftJobs)
          .where(
            and(
              inArray(aiDraftJobs.state, [...ACTIVE_DRAFT_STATES]),
              inArray(
                aiDraftJobs.url,
                valid.map((entry) => entry.url),
              ),
            ),
          );
  const running = new Set(active.map((row) => row.url));
  const values: (typeof aiDraftJobs.$inferInsert)[] = [];
  for (const entry of valid) {
    if (running.has(entry.url)) {
      refused.push({ address: entry.address, message: ALREADY_QUEUED });
      continue;
    }
    const duplicate = await findDuplicate(entry.siteKey);
    const base = {
      userId: actor.id,
      userEmail: actor.email,
      address: entry.address,
      url: entry.url,
      host: entry.host,
      draft: { websiteUrl: { value: entry.url, source: "address", evidence: entry.url } },
    };
    values.push(
      duplicate
        ? {
            ...base,
            state: "failed" as const,
            failureCode: "duplicate",
            failureMessage: `${DRAFT_FAILURES.duplicate} It is "${duplicate.name}".`,
            duplicateToolId: duplicate.id,
          }
        : base,
    );
  }
  const rows =
    values.length === 0
      ? []
      : await db.transaction((tx) => tx.insert(aiDraftJobs).values(values).returning());
  return { jobs: await draftJobsOf(db, rows), refused };
}
