import type { AdminToolList } from "../admin-tools-query";
import type { DraftedFieldName, DraftJob, DraftJobSummary, ToolDraft } from "../ai-draft";
import type { AnalyticsConfig, AnalyticsRange, ErrorEventName } from "../analytics";
import type { RequirementKey } from "../buyer-facts";
import type { ImportProgress, ImportReport } from "../catalogue-import";
import type { CategoryEntry } from "../category-stats";
import type { CommentImportProgress, CommentImportReport } from "../comment-import";
import type { CommentSort } from "../comment-rules";
import type { SortOption } from "../constants";
import type { IntegrationKey } from "../integrations";
import type { ToolCard, ToolDetail } from "../tool";

// The answers of our JSON API (docs/api.md), one type per answer. The server's handlers send them
// with sendJson<T> and the browser's client (./client.ts) reads them as the same T, so a change on
// either side fails the typecheck of the other. Request bodies are the zod schemas' inputs beside
// app/lib (admin-tools-query, account-forms, tool-input, catalogue-import, tool-query).

/** Every refusal of our API: the status names the kind, `code` the reason, `fields` the inputs. */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** GET /api/tools: one page of the browse query. */
export interface ToolResults {
  tools: ToolCard[];
  /** How many tools match every filter. */
  total: number;
  /** How many match the search and pricing filters in any category (the All chip). */
  totalInAllCategories: number;
  /** Category and subcategory counts of the tools that match the search and pricing filters. */
  facets: readonly CategoryEntry[];
  /** The order used: the asked one, or Relevance when searching and Newest otherwise. */
  sort: SortOption;
  /**
   * When no tool matches every word of the search: the words the listed tools match (the
   * weakest words dropped), as one search text. Null otherwise.
   */
  relaxedSearch: string | null;
  /** A search spelt with the catalogue's own words, when the search finds nothing or little. */
  suggestedSearch: string | null;
  /**
   * Every requirement, in the vocabulary's order, with how many tools that match every filter
   * meet it: the `total` the list would have with it required too.
   */
  requirementFacets: FactFacet<RequirementKey>[];
  /**
   * Every integration, most tools first (then by label), with how many tools that match every
   * filter integrate with it: the `total` the list would have with it required too.
   */
  integrationFacets: FactFacet<IntegrationKey>[];
  /**
   * With `maxPrice`: how many tools match every other filter but have no known starting price in
   * USD, so are left out. Null without `maxPrice`.
   */
  unpricedCount: number | null;
  elapsedMs: number;
}

/** One requirement or integration of the browse filters, with its count. */
export interface FactFacet<K extends string> {
  key: K;
  label: string;
  count: number;
}

/** GET /api/tools/:id */
export interface ToolDetailAnswer {
  tool: ToolDetail;
}

/** POST and DELETE /api/tools/:id/like: the tool's count after the change, and the new state. */
export interface LikeState {
  likesTotal: number;
  isLiked: boolean;
}

/** GET /api/admin/me: the role check the admin pages repeat in the browser. */
export interface AdminMe {
  email: string;
  isAdmin: true;
}

/** GET /api/admin/tools */
export type AdminToolsAnswer = AdminToolList;

/** POST /api/admin/tools/status */
export interface ToolsStatusChanged {
  changed: number;
}

/** POST /api/admin/tools/delete */
export interface ToolsDeleted {
  deleted: number;
}

/** POST /api/admin/tools (201) and PUT /api/admin/tools/:id: where the saved tool now lives. */
export interface SavedToolAnswer {
  tool: { id: string; slug: string; publicPath: string; updatedAt: string };
}

/** POST /api/admin/images (201): the stored image's path under /media. */
export interface StoredImage {
  path: string;
}

/** POST /api/admin/markdown */
export interface MarkdownPreview {
  html: string;
}

/** POST /api/admin/import without stream=1. */
export type ImportAnswer = ImportReport;

/** POST /api/admin/import?stream=1: one JSON object per line, progress lines, then the report. */
export type ImportStreamLine =
  { progress: ImportProgress } | { report: ImportReport } | ApiErrorBody;

/** POST /api/admin/comment-import without stream=1. */
export type CommentImportAnswer = CommentImportReport;

/** POST /api/admin/comment-import?stream=1: progress lines, then the report (or an error). */
export type CommentImportStreamLine =
  { progress: CommentImportProgress } | { report: CommentImportReport } | ApiErrorBody;

/**
 * The signed-in person's liked tools as read at one live event (decision 008): in every page's
 * data, so the server render shows their hearts; GET /api/live resumes after `liveEventId`.
 */
export interface LikedState {
  likedToolIds: string[];
  liveEventId: number;
}

/**
 * GET /api/live: the data of each Server-Sent Event, by event name. "likes" and "liked" carry the
 * live event's id (the SSE `id:`), "resync" none.
 */
export interface LiveStreamEvents {
  /** A tool's like count changed (everyone). */
  likes: { toolId: string; likesTotal: number };
  /** The signed-in person liked or unliked a tool, on any device. */
  liked: { toolId: string; isLiked: boolean };
  /** A tool's comments or ratings changed (everyone): read its comments again if shown. */
  comments: { toolId: string; ratingAvg: number; ratingCount: number; commentCount: number };
  /** Too much was missed to replay: read the page's data again. */
  resync: Record<string, never>;
  /**
   * The server is shutting down: the stream's last event, after a `retry:` of 1-5 s. The browser
   * reconnects by itself (EventSource), reaching a server that is still running.
   */
  reconnect: Record<string, never>;
}

/**
 * One comment as a reader sees it. Hidden and deleted comments come only as
 * placeholders for their replies (`bodyHtml` empty); a held one only to its own author.
 */
export interface CommentView {
  id: number;
  parentId: number | null;
  authorName: string;
  /** Brought in by the comment migration (or the demo catalogue): shown as imported. */
  isImported: boolean;
  /** Sanitised HTML (DESIGN.md 8). */
  bodyHtml: string;
  /** The text as its author wrote it, for the edit form: only while `canEdit`, else null. */
  bodyText: string | null;
  rating: number | null;
  state: "visible" | "held" | "hidden" | "deleted";
  createdAt: string;
  editedAt: string | null;
  /** The signed-in reader wrote it. */
  isOwn: boolean;
  /** Its author may still change its text: within the edit window and before any reply. */
  canEdit: boolean;
  /** The signed-in reader reported it already. */
  isReported: boolean;
}

/** A top-level comment with its replies, oldest first. */
export interface CommentThread extends CommentView {
  replies: CommentView[];
}

/** A tool's ratings from its visible rated comments; histogram[0] counts 1-star ratings. */
export interface RatingSummary {
  ratingAvg: number;
  ratingCount: number;
  histogram: [number, number, number, number, number];
}

/** GET /api/tools/:id/comments, and the tool page's first page of comments. */
export interface CommentPage {
  threads: CommentThread[];
  sort: CommentSort;
  page: number;
  pageSize: number;
  /** Top-level comments shown to this reader, for paging. */
  totalThreads: number;
  /** Visible comments and replies. */
  commentCount: number;
  rating: RatingSummary;
  /** An admin locked the tool's comments. */
  isLocked: boolean;
  /** The signed-in reader's current rating of the tool, if any, and the comment carrying it. */
  viewerRating: { rating: number; commentId: number } | null;
}

/** POST /api/tools/:id/comments (201) and PUT /api/comments/:id. */
export interface SavedComment {
  comment: CommentView;
  rating: RatingSummary;
}

/** DELETE /api/comments/:id: the comment is gone, or left as a placeholder for its replies. */
export interface DeletedComment {
  isPlaceholder: boolean;
  rating: RatingSummary;
}

/** POST /api/comments/:id/report */
export interface ReportedComment {
  reportCount: number;
}

/** One comment in the admin moderation queue. */
export interface ModerationItem {
  id: number;
  /** The comment's tool; `isLocked`: an admin closed its comments (the queue's lock toggle). */
  tool: { id: string; name: string; publicPath: string; isLocked: boolean };
  parentId: number | null;
  authorName: string;
  authorEmail: string | null;
  bodyHtml: string;
  rating: number | null;
  status: "visible" | "held" | "hidden" | "deleted";
  statusReason: string | null;
  reportCount: number;
  /** Reports from established accounts (decision 027): only these hide a comment. */
  trustedReportCount: number;
  reportReasons: string[];
  needsReview: boolean;
  source: string;
  createdAt: string;
}

/** GET /api/admin/comments */
export interface ModerationQueue {
  items: ModerationItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** POST /api/admin/comments/:id/moderate */
export interface ModeratedComment {
  item: ModerationItem;
}

/** PUT /api/admin/tools/:id/comment-lock */
export interface CommentLockState {
  isLocked: boolean;
}

/** GET /api/admin/ai-drafts: the newest jobs (at most 200), and whether a model is configured. */
export interface DraftJobsAnswer {
  jobs: DraftJobSummary[];
  /** LLM_BASE_URL and LLM_MODEL are set: drafts ask the model (else they are page-only). */
  model: { name: string } | null;
}

/** POST /api/admin/ai-drafts (201): the jobs queued, and the addresses refused with the reason. */
export interface DraftJobsQueued {
  jobs: DraftJobSummary[];
  refused: { address: string; message: string }[];
}

/** GET /api/admin/ai-drafts/:id, and POST …/cancel and …/retry. */
export interface DraftJobAnswer {
  job: DraftJob;
}

/** POST /api/admin/ai-drafts/:id/redraft: the field drafted again (null: nothing supports it). */
export interface RedraftedField {
  field: DraftedFieldName;
  drafted: ToolDraft[DraftedFieldName] | null;
}

/** GET /api/events/config (fetched with the analytics key header). */
export type AnalyticsConfigAnswer = AnalyticsConfig;

/** One UTC day of the dashboard. */
export interface AnalyticsDay {
  /** YYYY-MM-DD */
  day: string;
  /** Distinct visitors who allowed analytics (their daily visitor ids). */
  visitors: number;
  pageViews: number;
  toolViews: number;
  /** Likes given that day (tool_likes), consent or not. */
  likes: number;
  /** Accounts created that day. */
  signUps: number;
  /** Newsletter subscriptions confirmed that day. */
  newsletterConfirmations: number;
}

export type AnalyticsTotals = Omit<AnalyticsDay, "day">;

/** An error group of the chosen range (grouped by message and top stack frame). */
export interface ErrorGroupRow {
  fingerprint: string;
  name: ErrorEventName;
  source: "browser" | "server";
  message: string;
  topFrame: string | null;
  /** Occurrences in the range, and since the group was first seen. */
  count: number;
  totalCount: number;
  lastPath: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
}

/** GET /api/admin/analytics?from&to: the range, the same length before it, and the top lists. */
export interface AnalyticsReport {
  range: AnalyticsRange;
  previousRange: AnalyticsRange;
  /** Every day of each range, in order, zero-filled. */
  days: AnalyticsDay[];
  previousDays: AnalyticsDay[];
  /** Visitors here are distinct over the whole range, not a sum of days. */
  totals: AnalyticsTotals;
  previousTotals: AnalyticsTotals;
  /** At most 10 each, most first. */
  topTools: { toolId: string; name: string | null; path: string | null; views: number }[];
  topSearches: { search: string; count: number; averageResults: number }[];
  /** Searches that found nothing: tools worth adding. */
  emptySearches: { search: string; count: number }[];
  referrers: { host: string; count: number }[];
  campaigns: { source: string; medium: string | null; campaign: string | null; count: number }[];
  /** At most 20, most occurrences in the range first. */
  errors: ErrorGroupRow[];
  newsletter: NewsletterCounts;
  /**
   * Events the server refused on the range's days: over a client's budget a minute, naming no
   * tool, or a view repeated within 30 minutes.
   */
  dropped: { total: number; overLimit: number; unknownTool: number; repeatView: number };
}

/** The newsletter's subscribers by state. */
export interface NewsletterCounts {
  pending: number;
  confirmed: number;
  unsubscribed: number;
}

/** POST /api/newsletter/unsubscribe (RFC 8058 one-click), the same however often it is sent. */
export interface NewsletterUnsubscribed {
  unsubscribed: true;
}
