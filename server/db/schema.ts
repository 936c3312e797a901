import { sql } from "drizzle-orm";
import type { ToolFacts } from "~/lib/buyer-facts";
import type { PricingPlan } from "~/lib/pricing-plans";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

// The data model; the columns keep the names the product uses for its fields.

/**
 * A website address's host, lowercased and without "www.": the AI-assisted add's
 * duplicate check looks tools up by it, through the index of the same expression.
 */
export function siteHostOf(websiteUrl: AnyPgColumn) {
  return sql`substring(lower(${websiteUrl}) from '^[a-z][a-z0-9+.-]*://(?:www\\.)?([^/:?#]+)')`;
}

export const tools = pgTable(
  "tools",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    category: text("category"),
    subCategory: text("sub_category"),
    status: text("status", { enum: ["online", "draft", "offline"] })
      .notNull()
      .default("online"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    likesTotal: integer("likes_total").notNull().default(0),
    views: integer("views").notNull().default(0),
    ratingAvg: real("rating_avg").notNull().default(0),
    ratingCount: integer("rating_count").notNull().default(0),
    pricingModel: text("pricing_model"),
    pricingAmount: text("pricing_amount"),
    cardDescription: text("card_description"),
    longDescription: text("long_description"),
    seoTitleTag: text("seo_title_tag"),
    seoMetaDescription: text("seo_meta_description"),
    metaDescription: text("meta_description"),
    hashtags: text("hashtags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    keyFeatures: text("key_features")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    websiteUrl: text("website_url"),
    mainImage: text("main_image"),
    image: text("image"),
    source: text("source", { enum: ["manual", "ai", "import", "demo"] })
      .notNull()
      .default("manual"),
    lastVerifiedAt: timestamp("last_verified_at", { withTimezone: true, mode: "date" }),
    /** Buyer facts by key, each with its provenance (app/lib/buyer-fact-schema.ts validates them). */
    facts: jsonb("facts")
      .$type<ToolFacts>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Pricing plans (app/lib/pricing-plan-schema.ts validates them). */
    plans: jsonb("plans")
      .$type<PricingPlan[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (table) => [
    index("tools_status_created_idx").on(table.status, table.createdAt),
    index("tools_status_likes_idx").on(table.status, table.likesTotal),
    index("tools_site_host_idx").on(siteHostOf(table.websiteUrl)),
    check("tools_likes_total_non_negative", sql`${table.likesTotal} >= 0`),
    check("tools_views_non_negative", sql`${table.views} >= 0`),
    check("tools_rating_range", sql`${table.ratingAvg} >= 0 AND ${table.ratingAvg} <= 5`),
    check("tools_facts_object", sql`jsonb_typeof(${table.facts}) = 'object'`),
    check("tools_plans_array", sql`jsonb_typeof(${table.plans}) = 'array'`),
  ],
);

export const toolLikes = pgTable(
  "tool_likes",
  {
    // No cascade: removing a person's likes must also lower the tools' likes_total
    // (delete-account.server.ts does both in one transaction).
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id),
    toolId: text("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.toolId] }),
    index("tool_likes_tool_active_idx").on(table.toolId, table.isActive),
  ],
);

export type ToolRow = typeof tools.$inferSelect;
export type NewToolRow = typeof tools.$inferInsert;

/**
 * The newsletter's subscribers (double opt-in). "pending" until the mailed link is
 * confirmed by a POST; "subscribed" is confirmed. Rows from before double opt-in are "subscribed"
 * without a confirmed_at.
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    email: text("email").primaryKey(),
    status: text("status", { enum: ["pending", "subscribed", "unsubscribed"] })
      .notNull()
      .default("pending"),
    /** sha256 (hex) of the single-use confirmation token; null once used. */
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true, mode: "date" }),
    /** The one-click unsubscribe token every mail carries (it can only unsubscribe). */
    unsubscribeToken: text("unsubscribe_token"),
    /** The words the person agreed to, and when they asked. */
    consentText: text("consent_text"),
    consentAt: timestamp("consent_at", { withTimezone: true, mode: "date" }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true, mode: "date" }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("newsletter_confirm_token_idx").on(table.confirmTokenHash),
    uniqueIndex("newsletter_unsubscribe_token_idx").on(table.unsubscribeToken),
    index("newsletter_confirmed_at_idx").on(table.confirmedAt),
  ],
);

// Accounts. Better Auth owns the auth_* tables (DESIGN.md 5); the names of their columns
// are the ones its Drizzle adapter expects. tool_likes.user_id points at auth_users.

export const authUsers = pgTable("auth_users", {
  id: text("id").primaryKey(),
  name: text("name").notNull().default(""),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: text("role", { enum: ["user", "admin"] })
    .notNull()
    .default("user"),
  /** When a password was last set through a mailed reset link (proof of the mailbox). */
  passwordResetAt: timestamp("password_reset_at", { withTimezone: true, mode: "date" }),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

export const authSessions = pgTable(
  "auth_sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [index("auth_sessions_user_idx").on(table.userId)],
);

export const authAccounts = pgTable(
  "auth_accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", {
      withTimezone: true,
      mode: "date",
    }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", {
      withTimezone: true,
      mode: "date",
    }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [index("auth_accounts_user_idx").on(table.userId)],
);

export const authVerifications = pgTable(
  "auth_verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [index("auth_verifications_identifier_idx").on(table.identifier)],
);

/** Rate-limit counters shared by every app server (DESIGN.md 8); key = client address + action. */
export const authRateLimits = pgTable("auth_rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * An email sign-up waiting for its address to be verified (decision 010): the browser that signed
 * up holds a cookie whose hash is the key. user_id is null when the address already had an
 * account, so that browser waits the same way but can never get a session.
 */
export const pendingSignUps = pgTable(
  "pending_sign_ups",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id").references(() => authUsers.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [index("pending_sign_ups_expires_idx").on(table.expiresAt)],
);

/** User profile (collection users): what the product shows about a person. */
export const userProfiles = pgTable("user_profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => authUsers.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  username: text("username").notNull(),
  displayName: text("display_name"),
  photoUrl: text("photo_url"),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/** Mail written instead of sent when no SMTP_URL is set (development outbox). */
export const mailOutbox = pgTable("mail_outbox", {
  id: serial("id").primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

export type AuthUserRow = typeof authUsers.$inferSelect;

/** Ids of live events (likes, views), shared by every app server so browsers can resume anywhere. */
export const liveEventIds = pgSequence("live_event_ids");

/** Who changed the catalogue, when and how (admin writes are audited). */
export const adminAudit = pgTable(
  "admin_audit",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id").notNull(),
    userEmail: text("user_email").notNull(),
    action: text("action").notNull(),
    /** What was changed: tool ids and the new values. */
    details: jsonb("details").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [index("admin_audit_created_idx").on(table.createdAt)],
);

/** One bulk import: who ran it, on which file, and what it did or would do. */
export const importJobs = pgTable(
  "import_jobs",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id"),
    userEmail: text("user_email").notNull(),
    fileName: text("file_name").notNull(),
    format: text("format", { enum: ["json", "csv"] }).notNull(),
    dryRun: boolean("dry_run").notNull(),
    status: text("status", { enum: ["succeeded", "rejected", "failed"] }).notNull(),
    rows: integer("rows").notNull().default(0),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    unchanged: integer("unchanged").notNull().default(0),
    rejected: integer("rejected").notNull().default(0),
    /** The first rejected rows with their reasons, or the reason the whole file failed. */
    problems: jsonb("problems")
      .notNull()
      .default(sql`'[]'::jsonb`),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
  },
  (table) => [index("import_jobs_started_idx").on(table.startedAt)],
);

// Comments and ratings (decision 017). A top-level comment may carry a rating; at most
// one comment per person and tool carries one (their latest rating), and tools.rating_avg and
// rating_count are recomputed from the visible rated comments in the transaction of every change.

export const comments = pgTable(
  "comments",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    toolId: text("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    /** Replies nest one level: a reply's parent is a top-level comment. */
    parentId: bigint("parent_id", { mode: "number" }).references((): AnyPgColumn => comments.id, {
      onDelete: "cascade",
    }),
    /**
     * The person who wrote it; null for imported and demo comments. No cascade: deleting an
     * account must also recompute the ratings of the tools they rated, in the same transaction.
     */
    authorId: text("author_id").references(() => authUsers.id),
    /** The name shown: the author's display name when written, or the imported one. */
    authorName: text("author_name").notNull(),
    /** The Markdown the person wrote (native comments); null for imported ones. */
    bodySource: text("body_source"),
    /** The sanitised HTML shown (DESIGN.md 8); empty once deleted. */
    bodyHtml: text("body_html").notNull(),
    rating: smallint("rating"),
    status: text("status", { enum: ["visible", "held", "hidden", "deleted"] })
      .notNull()
      .default("visible"),
    /** Why a comment is held or hidden: "links" (new account), "reports", "admin". */
    statusReason: text("status_reason"),
    /** Held, or reported since an admin last looked: in the moderation queue. */
    needsReview: boolean("needs_review").notNull().default(false),
    reportCount: integer("report_count").notNull().default(0),
    /** "native", "demo", or the source an import named ("disqus", or the JSON file's source). */
    source: text("source").notNull().default("native"),
    externalId: text("external_id"),
    /** An imported reply whose parent was not in the export: attached to the thread, flagged. */
    isOrphan: boolean("is_orphan").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    editedAt: timestamp("edited_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [
    index("comments_tool_created_idx").on(table.toolId, table.createdAt),
    index("comments_parent_idx").on(table.parentId),
    index("comments_author_idx").on(table.authorId),
    index("comments_review_idx")
      .on(table.createdAt)
      .where(sql`${table.needsReview}`),
    index("comments_tool_rating_idx")
      .on(table.toolId, table.rating)
      .where(sql`${table.rating} IS NOT NULL AND ${table.status} = 'visible'`),
    uniqueIndex("comments_one_rating_per_person")
      .on(table.toolId, table.authorId)
      .where(sql`${table.rating} IS NOT NULL AND ${table.authorId} IS NOT NULL`),
    uniqueIndex("comments_source_external_id").on(table.source, table.externalId),
    check("comments_rating_range", sql`${table.rating} BETWEEN 1 AND 5`),
    check(
      "comments_reply_has_no_rating",
      sql`${table.parentId} IS NULL OR ${table.rating} IS NULL`,
    ),
    check("comments_report_count_non_negative", sql`${table.reportCount} >= 0`),
  ],
);

export type CommentRow = typeof comments.$inferSelect;

/** One report per person and comment. */
export const commentReports = pgTable(
  "comment_reports",
  {
    commentId: bigint("comment_id", { mode: "number" })
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    reason: text("reason"),
    /** Made by an established account (decision 027): only these count towards hiding. */
    isTrusted: boolean("is_trusted").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.commentId, table.userId] })],
);

/** A tool whose comments an admin locked: nobody can comment, reply or rate there. */
export const commentLocks = pgTable("comment_locks", {
  toolId: text("tool_id")
    .primaryKey()
    .references(() => tools.id, { onDelete: "cascade" }),
  lockedBy: text("locked_by").notNull(),
  lockedAt: timestamp("locked_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/** One comment migration run: who ran it, on which file, what it did or would do. */
export const commentImportJobs = pgTable(
  "comment_import_jobs",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id"),
    userEmail: text("user_email").notNull(),
    fileName: text("file_name").notNull(),
    format: text("format", { enum: ["disqus", "json"] }).notNull(),
    source: text("source").notNull(),
    dryRun: boolean("dry_run").notNull(),
    replace: boolean("replace").notNull().default(false),
    status: text("status", { enum: ["succeeded", "rejected", "failed"] }).notNull(),
    /** The run's report: counts, samples, problems. */
    report: jsonb("report")
      .notNull()
      .default(sql`'{}'::jsonb`),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
  },
  (table) => [index("comment_import_jobs_started_idx").on(table.startedAt)],
);

/**
 * One address of the AI-assisted add: a job from queued to ready or failed, its draft
 * with provenance, and what the page said (kept so one field can be redrafted alone).
 */
export const aiDraftJobs = pgTable(
  "ai_draft_jobs",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id"),
    userEmail: text("user_email").notNull(),
    /** As pasted. */
    address: text("address").notNull(),
    /** Normalised (https added, tracking parameters and fragment dropped). */
    url: text("url").notNull(),
    /** The host fetched first: a runner takes a job only while no other job of its host runs. */
    host: text("host").notNull(),
    state: text("state", {
      enum: ["queued", "fetching", "reading", "drafting", "ready", "failed", "cancelled"],
    })
      .notNull()
      .default("queued"),
    progress: text("progress"),
    failureCode: text("failure_code"),
    failureMessage: text("failure_message"),
    duplicateToolId: text("duplicate_tool_id").references(() => tools.id, { onDelete: "set null" }),
    /** Draft even though a catalogue tool has the same site. */
    ignoreDuplicate: boolean("ignore_duplicate").notNull().default(false),
    finalUrl: text("final_url"),
    /** ToolDraft (app/lib/ai-draft.ts). */
    draft: jsonb("draft")
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** PageFacts (server/services/ai-draft/draft-types.server.ts), for redrafting one field. */
    page: jsonb("page"),
    usedModel: boolean("used_model").notNull().default(false),
    modelProblem: text("model_problem"),
    /** The server running the job (a restart fails what its previous run left active). */
    runnerId: text("runner_id"),
    savedToolId: text("saved_tool_id").references(() => tools.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    index("ai_draft_jobs_state_idx").on(table.state, table.id),
    index("ai_draft_jobs_created_idx").on(table.createdAt),
  ],
);

/**
 * First-party analytics: one row per accepted event. No IP address is stored; a
 * visitor id and the user properties only with consent.
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** An EventName of app/lib/analytics.ts. */
    name: text("name").notNull(),
    /** An EventCategory of app/lib/analytics.ts, derived on the server. */
    category: text("category").notNull(),
    /** When the server received it. */
    occurredAt: timestamp("occurred_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
    /** Sent with analytics consent. */
    consented: boolean("consented").notNull(),
    /** A hash of the client with the day's salt (analytics_salts): with consent only. */
    visitorId: text("visitor_id"),
    /**
     * The client's rate-limit key (its address, an IPv6 one by its /64) hashed with the day's
     * salt, on every event: how many distinct clients sent a free-text value. It cannot be tied
     * back to an address once the salt is gone.
     */
    clientToken: text("client_token"),
    /** User properties, with consent only. */
    userId: text("user_id"),
    isVerified: boolean("is_verified"),
    /** The page's path; its query keeps only utm_* parameters. */
    path: text("path"),
    /** The host of an outside referrer. */
    referrerHost: text("referrer_host"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    toolId: text("tool_id"),
    /** detailed_page_view of a search: what was searched and how many tools it found. */
    search: text("search"),
    resultCount: integer("result_count"),
    /** app_exception, error and app_crash: their group in error_groups. */
    errorGroup: text("error_group"),
  },
  (table) => [
    index("analytics_events_time_idx").on(table.occurredAt),
    index("analytics_events_name_time_idx").on(table.name, table.occurredAt),
  ],
);

/** Reported errors grouped by message and top stack frame, emails and tokens scrubbed. */
export const errorGroups = pgTable(
  "error_groups",
  {
    /** sha256 (hex) of source, name, message and top frame. */
    fingerprint: text("fingerprint").primaryKey(),
    /** The event: app_exception, error or app_crash. */
    name: text("name").notNull(),
    source: text("source", { enum: ["browser", "server"] }).notNull(),
    message: text("message").notNull(),
    topFrame: text("top_frame"),
    sampleStack: text("sample_stack"),
    count: integer("count").notNull().default(0),
    lastPath: text("last_path"),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
  },
  (table) => [index("error_groups_last_seen_idx").on(table.lastSeenAt)],
);

/**
 * Analytics events the server refused to store, per UTC day and reason (docs/analytics.md): a
 * client over its budget, a tool id of no tool, a repeated view. The dashboard shows them.
 */
export const analyticsDroppedEvents = pgTable(
  "analytics_dropped_events",
  {
    day: date("day", { mode: "string" }).notNull(),
    reason: text("reason", { enum: ["over_limit", "unknown_tool", "repeat_view"] }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.reason] })],
);

/**
 * A UTC day's figures of analytics_events, written when retention deletes that day's events
 * (ANALYTICS_RETENTION_DAYS): the dashboard reads these for days older than the raw events.
 */
export const analyticsDailyRollups = pgTable("analytics_daily_rollups", {
  day: date("day", { mode: "string" }).primaryKey(),
  visitors: integer("visitors").notNull().default(0),
  pageViews: integer("page_views").notNull().default(0),
  toolViews: integer("tool_views").notNull().default(0),
});

/** The daily salts of visitor ids: a salt is deleted two days after its day. */
export const analyticsSalts = pgTable("analytics_salts", {
  /** The UTC day, YYYY-MM-DD. */
  day: text("day").primaryKey(),
  salt: text("salt").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
