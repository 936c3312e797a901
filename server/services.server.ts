import { CONTACT_EMAIL } from "~/lib/constants";
import type { SnapshotKeeper } from "./snapshot/snapshot-keeper.server";
import type { Database } from "./db/client.server";
import type { Env } from "./core/env.server";
import type { Logger } from "./core/logger.server";
import type { Mailer } from "./mail/mailer.server";
import { createRateLimitServices } from "./rate-limit/rate-limit-services.server";
import { createAccountServices } from "./services/account/account-services.server";
import { createAdminServices } from "./services/admin/admin-services.server";
import { createAiDraftServices } from "./services/ai-draft/ai-draft-services.server";
import { createAnalyticsServices } from "./services/analytics/analytics-services.server";
import { createCompareServices } from "./services/compare/compare-services.server";
import { createDiscoveryServices } from "./services/discovery/discovery-services.server";
import { createCommentsServices } from "./services/comments/comments-services.server";
import { createCommentImportServices } from "./services/comment-import/comment-import-services.server";
import { createImportExportServices } from "./services/import-export/import-export-services.server";
import { createLikesServices } from "./services/likes/likes-services.server";
import { createMailServices } from "./services/mail/mail-services.server";
import { createNewsletterServices } from "./services/newsletter/newsletter-services.server";
import { createSupportServices } from "./services/support/support-services.server";
import { createToolsServices } from "./services/tools/tools-services.server";
import type { ViewCounter } from "./services/tools/view-counter.server";

export interface ServiceDeps {
  db: Database;
  snapshotKeeper: SnapshotKeeper;
  env: Pick<Env, "FEATURED_TOOL_IDS" | "NEWSLETTER_EMBED_URL" | "NODE_ENV"> &
    Partial<
      Pick<
        Env,
        | "LLM_BASE_URL"
        | "LLM_API_KEY"
        | "LLM_MODEL"
        | "FETCH_ALLOW_PRIVATE"
        | "APP_URL"
        | "GA_MEASUREMENT_ID"
        | "SUPPORT_EMAIL"
      >
    >;
  /** AUTH_SECRET: keys derived from it (the analytics configuration's key). */
  secret: string;
  mailer: Mailer;
  /** PGlite is one server; PostgreSQL may be shared by several (the AI draft runner cares). */
  databaseKind?: "pglite" | "postgres";
  /** Mail is kept in the database outbox (no SMTP_URL). */
  hasOutbox: boolean;
  views: ViewCounter;
  /** Where uploaded and demo images live (served under /media). */
  mediaDir: string;
  logger: Logger;
}

/**
 * The services that routes reach through the request context, bound to this server's database
 * and catalogue snapshot. Routes stay thin and never import server code. Each domain wires its own
 * services beside them (`server/services/<domain>/<domain>-services.server.ts`); this only
 * puts them together, so every name stays one flat `services.<name>`.
 */
export function createServices({
  db,
  snapshotKeeper,
  env,
  secret,
  mailer,
  hasOutbox,
  views,
  mediaDir,
  logger,
  databaseKind = "pglite",
}: ServiceDeps) {
  return {
    ...createToolsServices({
      db,
      snapshotKeeper,
      views,
      featuredIds: env.FEATURED_TOOL_IDS,
      logger,
    }),
    ...createCompareServices({ db, snapshotKeeper }),
    ...createDiscoveryServices({ db, snapshotKeeper, appUrl: env.APP_URL ?? "http://localhost" }),
    ...createLikesServices({ db }),
    ...createCommentsServices({ db }),
    ...createRateLimitServices({ db }),
    ...createAdminServices({ db, mediaDir, logger }),
    ...createAiDraftServices({ db, mediaDir, logger, env, databaseKind }),
    ...createImportExportServices({ db }),
    ...createCommentImportServices({ db }),
    ...createNewsletterServices({
      db,
      embedUrl: env.NEWSLETTER_EMBED_URL,
      mailer,
      appUrl: env.APP_URL ?? "http://localhost",
      logger,
    }),
    ...createSupportServices({
      db,
      mailer,
      supportEmail: env.SUPPORT_EMAIL ?? CONTACT_EMAIL,
      logger,
    }),
    ...createAnalyticsServices({
      db,
      secret,
      gaMeasurementId: env.GA_MEASUREMENT_ID,
      appUrl: env.APP_URL ?? "http://localhost",
      isKnownTool: (id) => snapshotKeeper.snapshot.byId.has(id),
      logger,
    }),
    ...createAccountServices({ db, snapshotKeeper, secret }),
    ...createMailServices({ db, isProduction: env.NODE_ENV === "production", hasOutbox }),
  };
}

export type AppServices = ReturnType<typeof createServices>;
