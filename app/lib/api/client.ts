import type { z } from "zod";
import type { deleteAccountSchema } from "../account-forms";
import type { bulkDeleteSchema, bulkStatusSchema } from "../admin-tools-query";
import type { markdownPreviewSchema } from "../catalogue-import";
import type { toolEditSchema } from "../tool-input";
import { toolQueryParams, type ToolQueryInput } from "../tool-query";
import type {
  AdminMe,
  LikeState,
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
