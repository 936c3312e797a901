import { z } from "zod";
import {
  COMMENT_MAX_LENGTH,
  COMMENT_MIN_LENGTH,
  COMMENT_SORTS,
  isBlankText,
  MODERATION_ACTIONS,
  MODERATION_FILTERS,
  normaliseCommentText,
  REPORT_REASON_MAX_LENGTH,
} from "./comment-rules";
import { plainText } from "./plain-text";

// Comments and ratings (decision 017): the request schemas shared by the tool page's
// forms and the server's comment routes; the rules they check are in comment-rules.ts.

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

/** GET /api/admin/comments?filter&page */
export const moderationQuery = z.object({
  filter: z.enum(MODERATION_FILTERS).catch("review"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type ModerationQuery = z.infer<typeof moderationQuery>;

/** POST /api/admin/comments/:id/moderate */
export const moderationSchema = z.strictObject({ action: z.enum(MODERATION_ACTIONS) });

/** PUT /api/admin/tools/:id/comment-lock */
export const commentLockSchema = z.strictObject({ locked: z.boolean() });
