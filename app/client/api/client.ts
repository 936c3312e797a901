import type { z } from "zod";
import type { deleteAccountSchema } from "~/lib/account-forms";
import { ANALYTICS_KEY_HEADER } from "~/lib/analytics";
import type {
  CommentPageQuery,
  commentEditSchema,
  commentReportSchema,
  newCommentSchema,
} from "~/lib/comments";
import type { ToolQueryInput } from "~/lib/tool-query";
import { toolQueryParams } from "~/lib/tool-query-params";
import type {
  AnalyticsConfigAnswer,
  CommentPage,
  DeletedComment,
  LikeState,
  ReportedComment,
  SavedComment,
  ToolResults,
} from "~/lib/api/contract";
import { request } from "./request";

// One function per endpoint of our API that the public pages call (docs/api.md); the admin pages'
// calls are in admin-client.ts, so the public pages' JavaScript does not carry them. Request
// bodies are the server's zod schemas' input types; answers are the contract types the handlers
// send.

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

/** GET /api/events/config: the analytics configuration (with the API key header). */
export function getAnalyticsConfig(key: string, signal?: AbortSignal) {
  return request<AnalyticsConfigAnswer>("/api/events/config", {
    headers: { [ANALYTICS_KEY_HEADER]: key },
    signal,
  });
}
