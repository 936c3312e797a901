// Comments and ratings (decision 017): the rules the tool page's forms and the server
// share. Zod-free, so the tool page's JavaScript carries no schema library (decision 006); the
// request schemas are in comments.ts.

export const COMMENT_MIN_LENGTH = 2;
export const COMMENT_MAX_LENGTH = 5_000;
/** A comment can be edited this long after it was posted, and only until its first reply. */
export const COMMENT_EDIT_WINDOW_MS = 15 * 60_000;
/** Top-level comments per page of GET /api/tools/:id/comments (the first one server-rendered). */
export const COMMENTS_PAGE_SIZE = 20;
/**
 * Reports from this many established accounts (older than NEW_ACCOUNT_MS, with other activity:
 * decision 027) hide a comment until an admin looks at it; any report puts it in the admin queue.
 */
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

export const MODERATION_ACTIONS = ["approve", "hide", "delete", "restore"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
