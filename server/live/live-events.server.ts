import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Transaction } from "../db/client.server";

// DESIGN.md 4 Live: every write that changes a like or view count sends a NOTIFY on this channel
// in its own transaction; every app server listens, updates its snapshot and tells browsers.

export const LIVE_CHANNEL = "live_events";

const likeEvent = z.object({
  id: z.number().int().positive(),
  type: z.literal("like"),
  toolId: z.string(),
  likesTotal: z.number().int().min(0),
  userId: z.string(),
  isLiked: z.boolean(),
});

const viewsEvent = z.object({
  id: z.number().int().positive(),
  type: z.literal("views"),
  /** [toolId, views] pairs. */
  counts: z.array(z.tuple([z.string(), z.number().int().min(0)])),
});

/**
 * The catalogue itself changed (an admin write): every server refreshes its snapshot, reading
 * only the named tools when the event names them, and everything when it does not.
 */
const catalogueEvent = z.object({
  id: z.number().int().positive(),
  type: z.literal("catalogue"),
  toolIds: z.array(z.string()).optional(),
});

/** A tool's comments or ratings changed: its new rating and visible comment count. */
const commentsEvent = z.object({
  id: z.number().int().positive(),
  type: z.literal("comments"),
  toolId: z.string(),
  ratingAvg: z.number().min(0).max(5),
  ratingCount: z.number().int().min(0),
  commentCount: z.number().int().min(0),
});

export const liveEventSchema = z.discriminatedUnion("type", [
  likeEvent,
  viewsEvent,
  catalogueEvent,
  commentsEvent,
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LikeEvent = z.infer<typeof likeEvent>;
export type CommentsEvent = z.infer<typeof commentsEvent>;

/** NOTIFY's payload limit is 8000 bytes; view batches are split well below it. */
const MAX_PAYLOAD_BYTES = 7000;

/** Splits [toolId, views] pairs into groups whose event fits in one NOTIFY. */
export function viewCountGroups(counts: readonly [string, number][]): [string, number][][] {
  const groups: [string, number][][] = [];
  let group: [string, number][] = [];
  let bytes = 100;
  for (const pair of counts) {
    const size = Buffer.byteLength(JSON.stringify(pair)) + 1;
    if (group.length > 0 && bytes + size > MAX_PAYLOAD_BYTES) {
      groups.push(group);
      group = [];
      bytes = 100;
    }
    group.push(pair);
    bytes += size;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/**
 * Queues a live event in the caller's transaction: it is delivered when (and only if) the
 * transaction commits. The id comes from a sequence every app server shares.
 */
export async function notifyLive(
  tx: Transaction | Database,
  event:
    | Omit<LikeEvent, "id">
    | Omit<z.infer<typeof viewsEvent>, "id">
    | Omit<z.infer<typeof catalogueEvent>, "id">
    | Omit<CommentsEvent, "id">,
): Promise<void> {
  await tx.execute(
    sql`select pg_notify(${LIVE_CHANNEL}, (jsonb_build_object('id', nextval('live_event_ids')) || ${JSON.stringify(event)}::jsonb)::text)`,
  );
}

/** Ids named in a catalogue event stay well inside one NOTIFY; more mean "reload everything". */
const MAX_NAMED_IDS_BYTES = 4000;

/** The catalogue event for a write that changed these tools. */
export function catalogueChange(toolIds: readonly string[]): {
  type: "catalogue";
  toolIds?: string[];
} {
  const ids = [...new Set(toolIds)];
  return Buffer.byteLength(JSON.stringify(ids)) <= MAX_NAMED_IDS_BYTES
    ? { type: "catalogue", toolIds: ids }
    : { type: "catalogue" };
}

/** Reads one notification; null for anything that is not a live event. */
export function parseLiveEvent(payload: string): LiveEvent | null {
  try {
    const parsed = liveEventSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
