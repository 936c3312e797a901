import { z } from "zod";
import { plainText } from "./plain-text";

// Comments and ratings (issue 17, decision 017): the rules and the request schemas shared by the
// tool page's forms and the server's comment routes.

export const COMMENT_MIN_LENGTH = 2;
export const COMMENT_MAX_LENGTH = 5_000;
/** A comment can be edited this long after it was posted, and only until its first reply. */
export const COMMENT_EDIT_WINDOW_MS = 15 * 60_000;
/** Top-level comments per page of GET /api/tools/:id/comments (the first one server-rendered). */
export const COMMENTS_PAGE_SIZE = 20;
/** Reports from this many people hide a comment until an admin looks at it. */
export const REPORTS_TO_HIDE = 3;
/** An account younger than this whose comment has more than MAX_LINKS_FROM_NEW links is held. */
export const NEW_ACCOUNT_MS = 7 * 24 * 60 * 60_000;
export const MAX_LINKS_FROM_NEW = 2;
export const REPORT_REASON_MAX_LENGTH = 500;

export const COMMENT_SORTS = ["newest", "oldest", "highest", "lowest"] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];
export const COMMENT_SORT_LABELS: Record<CommentSort, string> = {
  newest: "Newest",
  oldest: "Oldest",
  highest: "Highest rated",
  lowest: "Lowest rated",
};

// Characters that show nothing on their own: format controls (zero-width spaces and joiners,
// bidi marks, the byte-order mark), combining marks without a letter to sit on (the grapheme
// joiner, variation selectors), the Hangul fillers and the braille blank. Text of only these and
// white space is blank.
const INVISIBLE = /[\p{Cf}\p{M}\u115F\u1160\u3164\uFFA0\u2800]/gu;

// Bidi embeddings, overrides and isolates: in a comment or a name they only serve to make text
// read as something else ("\u202Egnp.exe" shows as "exe.png"), so they are dropped.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** Text without bidi embeddings, overrides and isolates. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, "");
}

/**
 * The text as stored: NFC, bidi controls dropped, line ends as \n, white space around the whole
 * text trimmed.
 */
export function normaliseCommentText(text: string): string {
  return withoutBidiControls(text.normalize("NFC")).replace(/\r\n?/g, "\n").trim();
}

/** True when nothing in the text would show. */
export function isBlankText(text: string): boolean {
  return text.replace(INVISIBLE, "").trim() === "";
}

const commentBody = z
  .string({ error: "Write a comment." })
  .check(plainText("The comment", { multiline: true }))
  .transform(normaliseCommentText)
  .refine((text) => !isBlankText(text), "Write a comment.")
  .refine(
    (text) => [...text].length >= COMMENT_MIN_LENGTH,
    `Use at least ${COMMENT_MIN_LENGTH} characters.`,
  )
  .refine(
    (text) => [...text].length <= COMMENT_MAX_LENGTH,
    `Use at most ${COMMENT_MAX_LENGTH.toLocaleString("en-US")} characters.`,
  );

export const commentRating = z
  .number({ error: "Choose a rating from 1 to 5." })
  .int("Choose a rating from 1 to 5.")
  .min(1, "Choose a rating from 1 to 5.")
  .max(5, "Choose a rating from 1 to 5.");

/**
 * POST /api/tools/:id/comments. `parentId` makes it a reply (no rating); `website` is the
 * honeypot: people leave it empty, a filled one is accepted and dropped.
 */
export const newCommentSchema = z.strictObject({
  body: commentBody,
  rating: commentRating.nullish(),
  parentId: z
    .number({ error: "Choose the comment to reply to." })
    .int("Choose the comment to reply to.")
    .positive("Choose the comment to reply to.")
    .max(Number.MAX_SAFE_INTEGER, "Choose the comment to reply to.")
    .nullish(),
  website: z.string().max(200).optional(),
});

/** PUT /api/comments/:id: the text within the edit window; the rating at any time. */
export const commentEditSchema = z
  .strictObject({
    body: commentBody.optional(),
    rating: commentRating.nullish(),
  })
  .refine((edit) => edit.body !== undefined || edit.rating !== undefined, {
    message: "Change the text or the rating.",
    path: ["body"],
  });

/** POST /api/comments/:id/report */
export const commentReportSchema = z.strictObject({
  reason: z.string().trim().max(REPORT_REASON_MAX_LENGTH).optional(),
});

/** GET /api/tools/:id/comments?sort&page */
export const commentPageQuery = z.object({
  sort: z.enum(COMMENT_SORTS).catch("newest"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type CommentPageQuery = z.infer<typeof commentPageQuery>;

/** The admin moderation queue's views: "review" is every held or reported comment not yet decided. */
export const MODERATION_FILTERS = [
  "review",
  "held",
  "reported",
  "hidden",
  "deleted",
  "all",
] as const;
export type ModerationFilter = (typeof MODERATION_FILTERS)[number];
export const MODERATION_FILTER_LABELS: Record<ModerationFilter, string> = {
  review: "Needs review",
  held: "Held",
  reported: "Reported",
  hidden: "Hidden",
  deleted: "Deleted",
  all: "All",
};

/** GET /api/admin/comments?filter&page */
export const moderationQuery = z.object({
  filter: z.enum(MODERATION_FILTERS).catch("review"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type ModerationQuery = z.infer<typeof moderationQuery>;

export const MODERATION_ACTIONS = ["approve", "hide", "delete", "restore"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** POST /api/admin/comments/:id/moderate */
export const moderationSchema = z.strictObject({ action: z.enum(MODERATION_ACTIONS) });

/** PUT /api/admin/tools/:id/comment-lock */
export const commentLockSchema = z.strictObject({ locked: z.boolean() });
