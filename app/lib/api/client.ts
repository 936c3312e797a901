import type { z } from "zod";
import type { deleteAccountSchema } from "../account-forms";
import type { bulkDeleteSchema, bulkStatusSchema } from "../admin-tools-query";
import type { redraftFieldSchema, retryDraftSchema, submitAddressesSchema } from "../ai-draft";
import { ANALYTICS_KEY_HEADER, type AnalyticsRange } from "../analytics";
import type { markdownPreviewSchema } from "../catalogue-import";
import type {
  CommentPageQuery,
  commentEditSchema,
  commentLockSchema,
  commentReportSchema,
  ModerationQuery,
  moderationSchema,
  newCommentSchema,
} from "../comments";
import type { toolEditSchema } from "../tool-input";
import type { ToolQueryInput } from "../tool-query";
import { toolQueryParams } from "../tool-query-params";
import type {
  AdminMe,
  AnalyticsConfigAnswer,
  AnalyticsReport,
  CommentLockState,
  CommentPage,
  DraftJobAnswer,
  DraftJobsAnswer,
  DraftJobsQueued,
  DeletedComment,
  LikeState,
  ModeratedComment,
  ModerationQueue,
  RedraftedField,
  ReportedComment,
  SavedComment,
  MarkdownPreview,
  SavedToolAnswer,
  StoredImage,
  ToolResults,
  ToolsDeleted,
  ToolsStatusChanged,
} from "./contract";
import { request } from "./request";

// One function per endpoint of our API that the browser calls (docs/api.md). Request bodies are
// the server's zod schemas' input types; answers are the contract types the handlers send.

const toolPath = (toolId: string) => `/api/tools/${encodeURIComponent(toolId)}`;

/** GET /api/tools: one page of cards for a browse query. */
export function findTools(query: ToolQueryInput, signal?: AbortSignal) {
  return request<ToolResults>(`/api/tools?${toolQueryParams(query).toString()}`, { signal });
}

/** POST /api/tools/:id/like, or DELETE to unlike. */
export function setToolLike(toolId: string, isLiked: boolean) {
  return request<LikeState>(`${toolPath(toolId)}/like`, { method: isLiked ? "POST" : "DELETE" });
}

/** POST /api/tools/:id/views: sent as the tool opens, so it may outlive the page. */
export function recordView(toolId: string, signal?: AbortSignal) {
  return request<null>(`${toolPath(toolId)}/views`, { method: "POST", signal, keepalive: true });
}

/** POST /api/account/delete (204); the session cookies go with the account. */
export function deleteAccount(confirmation: z.input<typeof deleteAccountSchema>) {
  return request<null>("/api/account/delete", {
    method: "POST",
    json: confirmation,
    failureMessage: "The account could not be deleted. Please try again.",
  });
}

/** GET /api/admin/me: refused (401, 403) unless the session holds the admin role now. */
export function getAdminMe() {
  return request<AdminMe>("/api/admin/me");
}

export function setToolsStatus(change: z.input<typeof bulkStatusSchema>) {
  return request<ToolsStatusChanged>("/api/admin/tools/status", { method: "POST", json: change });
}

export function deleteTools(selection: z.input<typeof bulkDeleteSchema>) {
  return request<ToolsDeleted>("/api/admin/tools/delete", { method: "POST", json: selection });
}

/** POST /api/admin/tools to add a tool, PUT /api/admin/tools/:id to change one. */
export function saveTool(toolId: string | null, edit: z.input<typeof toolEditSchema>) {
  return toolId
    ? request<SavedToolAnswer>(`/api/admin/tools/${encodeURIComponent(toolId)}`, {
        method: "PUT",
        json: edit,
      })
    : request<SavedToolAnswer>("/api/admin/tools", { method: "POST", json: edit });
}

/** POST /api/admin/images: the file's bytes as they are. */
export function storeToolImage(file: File) {
  return request<StoredImage>("/api/admin/images", {
    method: "POST",
    body: file,
    contentType: file.type,
  });
}

export function previewMarkdown(preview: z.input<typeof markdownPreviewSchema>) {
  return request<MarkdownPreview>("/api/admin/markdown", { method: "POST", json: preview });
}

const commentPath = (commentId: number) => `/api/comments/${commentId}`;

/** GET /api/tools/:id/comments: one page of a tool's comment threads, with its ratings. */
export function getToolComments(toolId: string, query: CommentPageQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({ sort: query.sort, page: String(query.page) });
  return request<CommentPage>(`${toolPath(toolId)}/comments?${params.toString()}`, { signal });
}

/** POST /api/tools/:id/comments (201): a comment, a rated comment, or a reply (`parentId`). */
export function postComment(toolId: string, comment: z.input<typeof newCommentSchema>) {
  return request<SavedComment>(`${toolPath(toolId)}/comments`, { method: "POST", json: comment });
}

/** PUT /api/comments/:id: one's own comment's text (within the edit window) or rating. */
export function editComment(commentId: number, edit: z.input<typeof commentEditSchema>) {
  return request<SavedComment>(commentPath(commentId), { method: "PUT", json: edit });
}

/** DELETE /api/comments/:id: one's own comment. */
export function deleteComment(commentId: number) {
  return request<DeletedComment>(commentPath(commentId), { method: "DELETE" });
}

/** POST /api/comments/:id/report: once per person. */
export function reportComment(commentId: number, report: z.input<typeof commentReportSchema>) {
  return request<ReportedComment>(`${commentPath(commentId)}/report`, {
    method: "POST",
    json: report,
  });
}

/** GET /api/admin/comments: one page of the moderation queue. */
export function getModerationQueue(query: ModerationQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({ filter: query.filter, page: String(query.page) });
  return request<ModerationQueue>(`/api/admin/comments?${params.toString()}`, { signal });
}

/** POST /api/admin/comments/:id/moderate: approve, hide, delete or restore. */
export function moderateComment(commentId: number, moderation: z.input<typeof moderationSchema>) {
  return request<ModeratedComment>(`/api/admin/comments/${commentId}/moderate`, {
    method: "POST",
    json: moderation,
  });
}

/** PUT /api/admin/tools/:id/comment-lock: lock or unlock a tool's comments. */
export function setCommentLock(toolId: string, lock: z.input<typeof commentLockSchema>) {
  return request<CommentLockState>(`/api/admin/tools/${encodeURIComponent(toolId)}/comment-lock`, {
    method: "PUT",
    json: lock,
  });
}

const draftPath = (jobId: number) => `/api/admin/ai-drafts/${jobId}`;

/** GET /api/admin/ai-drafts: the newest AI-assisted add jobs, polled while any is active. */
export function listDraftJobs(signal?: AbortSignal) {
  return request<DraftJobsAnswer>("/api/admin/ai-drafts", { signal });
}

/** POST /api/admin/ai-drafts (201): pasted addresses or an address file's text. */
export function queueDraftJobs(submission: z.input<typeof submitAddressesSchema>) {
  return request<DraftJobsQueued>("/api/admin/ai-drafts", { method: "POST", json: submission });
}

/** GET /api/admin/ai-drafts/:id: one job with its draft. */
export function getDraftJob(jobId: number, signal?: AbortSignal) {
  return request<DraftJobAnswer>(draftPath(jobId), { signal });
}

/** POST /api/admin/ai-drafts/:id/cancel: a queued or running job stops at its next step. */
export function cancelDraftJob(jobId: number) {
  return request<DraftJobAnswer>(`${draftPath(jobId)}/cancel`, { method: "POST" });
}

/** POST /api/admin/ai-drafts/:id/retry: a failed or cancelled job is queued again. */
export function retryDraftJob(jobId: number, retry: z.input<typeof retryDraftSchema> = {}) {
  return request<DraftJobAnswer>(`${draftPath(jobId)}/retry`, { method: "POST", json: retry });
}

/** DELETE /api/admin/ai-drafts/:id (204): the job and its unsaved draft go. */
export function deleteDraftJob(jobId: number) {
  return request<null>(draftPath(jobId), { method: "DELETE" });
}

/** POST /api/admin/ai-drafts/:id/redraft: one field drafted again from the stored page. */
export function redraftField(jobId: number, redraft: z.input<typeof redraftFieldSchema>) {
  return request<RedraftedField>(`${draftPath(jobId)}/redraft`, { method: "POST", json: redraft });
}

/** POST /api/admin/ai-drafts/:id/save (201): the reviewed draft becomes a tool with source ai. */
export function saveDraftAsTool(jobId: number, edit: z.input<typeof toolEditSchema>) {
  return request<SavedToolAnswer>(`${draftPath(jobId)}/save`, { method: "POST", json: edit });
}

/** GET /api/events/config: the analytics configuration (spec 7: with the API key header). */
export function getAnalyticsConfig(key: string, signal?: AbortSignal) {
  return request<AnalyticsConfigAnswer>("/api/events/config", {
    headers: { [ANALYTICS_KEY_HEADER]: key },
    signal,
  });
}

/** GET /api/admin/analytics: the dashboard's figures for a range of days. */
export function getAnalyticsReport(range: AnalyticsRange, signal?: AbortSignal) {
  return request<AnalyticsReport>(`/api/admin/analytics?${new URLSearchParams(range)}`, {
    signal,
  });
}
