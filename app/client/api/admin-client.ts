import type { z } from "zod";
import type { bulkDeleteSchema, bulkStatusSchema } from "~/lib/admin-tools-query";
import type { redraftFieldSchema, retryDraftSchema, submitAddressesSchema } from "~/lib/ai-draft";
import type { AnalyticsRange } from "~/lib/analytics";
import type { markdownPreviewSchema } from "~/lib/catalogue-import";
import type { commentLockSchema, ModerationQuery, moderationSchema } from "~/lib/comments";
import type { toolEditSchema } from "~/lib/tool-input";
import type {
  AdminMe,
  AnalyticsReport,
  CommentLockState,
  DraftJobAnswer,
  DraftJobsAnswer,
  DraftJobsQueued,
  MarkdownPreview,
  ModeratedComment,
  ModerationQueue,
  RedraftedField,
  SavedToolAnswer,
  StoredImage,
  ToolsDeleted,
  ToolsStatusChanged,
} from "~/lib/api/contract";
import { request } from "./request";

// One function per endpoint of our API that the admin pages call (docs/api.md), apart from the
// public pages' calls in client.ts. Request bodies are the server's zod schemas' input types;
// answers are the contract types the handlers send.

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

/** GET /api/admin/analytics: the dashboard's figures for a range of days. */
export function getAnalyticsReport(range: AnalyticsRange, signal?: AbortSignal) {
  return request<AnalyticsReport>(`/api/admin/analytics?${new URLSearchParams(range)}`, {
    signal,
  });
}
