import type { Catalogue } from "./catalogue/catalogue.server";
import type { Database } from "./db/client.server";
import type { Env } from "./env.server";
import type { Logger } from "./logger.server";
import { DEMO_FEATURED_TOOL_IDS } from "./seed/demo-catalogue.server";
import { findTools } from "./services/tools/find-tools.server";
import { getHomeData } from "./services/tools/get-home-data.server";
import { getListing } from "./services/tools/get-listing.server";
import { getToolDetail } from "./services/tools/get-tool-detail.server";
import { findRelatedTools } from "./services/tools/find-related-tools.server";
import { getToolPage } from "./services/tools/get-tool-page.server";
import { resolveToolAlias } from "./services/tools/resolve-tool-alias.server";
import { recordView } from "./services/tools/record-view.server";
import { resolveCataloguePath } from "./services/tools/resolve-catalogue-path.server";
import { DELETE_CONFIRM_WORD } from "~/lib/account-forms";
import type { NewsletterSignup } from "~/lib/newsletter";
import type { ToolQuery } from "~/lib/tool-query";
import { subscribeToNewsletter } from "./services/newsletter/subscribe-to-newsletter.server";
import { desc } from "drizzle-orm";
import { AppError } from "./errors.server";
import { mailOutbox } from "./db/schema";
import { consumeRateLimit, type RateRule } from "./rate-limit/consume-rate-limit.server";
import type { AdminToolsQuery } from "~/lib/admin-tools-query";
import type { ToolStatus } from "~/lib/constants";
import { deleteTools, setToolsStatus, type Actor } from "./services/admin/change-tools.server";
import { listAdminTools } from "./services/admin/list-admin-tools.server";
import { getEditableTool } from "./services/admin/get-editable-tool.server";
import { listTaxonomySuggestions } from "./services/admin/list-taxonomy-suggestions.server";
import { createTool, updateTool } from "./services/admin/save-tool.server";
import {
  importCatalogue,
  type ImportFile,
} from "./services/catalogue-files/import-catalogue.server";
import type { ImportProgress } from "~/lib/catalogue-import";
import { listImportJobs } from "./services/catalogue-files/list-import-jobs.server";
import { renderMarkdown } from "./services/tools/render-markdown.server";
import { removeUnusedImages, storeToolImage } from "./media/tool-images.server";
import type { ToolInput } from "~/lib/tool-form";
import {
  exportCatalogue,
  type ExportFormat,
} from "./services/catalogue-files/export-catalogue.server";
import { listLikedToolIds } from "./services/likes/list-liked-tool-ids.server";
import { setToolLike } from "./services/likes/set-tool-like.server";
import type { ViewCounter } from "./services/tools/view-counter.server";
import { checkAccountPassword } from "./services/account/check-account-password.server";
import { deleteAccount } from "./services/account/delete-account.server";
import { getAccount } from "./services/account/get-account.server";
import { findPendingSignUp, pendingTokenOf } from "./auth/pending-sign-up.server";

export interface ServiceDeps {
  db: Database;
  catalogue: Catalogue;
  env: Pick<Env, "FEATURED_TOOL_IDS" | "NEWSLETTER_EMBED_URL" | "NODE_ENV">;
  /** Mail is kept in the database outbox (no SMTP_URL). */
  hasOutbox: boolean;
  views: ViewCounter;
  /** Where uploaded and demo images live (served under /media). */
  mediaDir: string;
  logger: Logger;
}

/**
 * The services that routes reach through the request context, bound to this server's database
 * and catalogue. Routes stay thin and never import server code.
 */
export function createServices({
  db,
  catalogue,
  env,
  hasOutbox,
  views,
  mediaDir,
  logger,
}: ServiceDeps) {
  /** After a committed write: removing its unused images may fail without failing the write. */
  const cleanUpImages = (images: readonly string[]) =>
    removeUnusedImages(db, mediaDir, images).catch((error: unknown) => {
      logger.error({ err: error, images }, "removing unused images failed");
    });
  const featuredIds = env.FEATURED_TOOL_IDS ?? DEMO_FEATURED_TOOL_IDS;
  return {
    findTools: (query: ToolQuery) => findTools(catalogue.snapshot, query),
    getListing: (query: ToolQuery) => getListing(catalogue.snapshot, query),
    getHomeData: () => getHomeData(catalogue.snapshot, featuredIds),
    getTaxonomy: () => catalogue.snapshot.taxonomy,
    resolveCataloguePath: (segments: readonly string[]) =>
      resolveCataloguePath(catalogue.snapshot, segments),
    getToolDetail: (id: string) => getToolDetail(db, id),
    getToolPage: (id: string) => getToolPage(db, id),
    findRelatedTools: (id: string) => findRelatedTools(catalogue.snapshot, id),
    resolveToolAlias: (segments: readonly string[]) =>
      resolveToolAlias(catalogue.snapshot, segments),
    recordView: (id: string) => recordView(catalogue.snapshot, views, id),
    setToolLike: (change: { userId: string; toolId: string; isLiked: boolean }) =>
      setToolLike(db, change),
    listLikedToolIds: (userId: string) => listLikedToolIds(db, userId),
    limitRate: (key: string, rule: RateRule) => consumeRateLimit(db, key, rule),
    listAdminTools: (query: AdminToolsQuery) => listAdminTools(db, query),
    setToolsStatus: (actor: Actor, ids: readonly string[], status: ToolStatus) =>
      setToolsStatus(db, actor, ids, status),
    async deleteTools(actor: Actor, ids: readonly string[]) {
      const { deleted, images } = await deleteTools(db, actor, ids);
      await cleanUpImages(images);
      return deleted;
    },
    getEditableTool: (id: string) => getEditableTool(db, id),
    listTaxonomySuggestions: () => listTaxonomySuggestions(db),
    createTool: (actor: Actor, input: ToolInput) => createTool(db, actor, input),
    async updateTool(actor: Actor, id: string, input: ToolInput, expectedUpdatedAt?: string) {
      const saved = await updateTool(db, actor, id, input, expectedUpdatedAt);
      await cleanUpImages(saved.replacedImages);
      return saved;
    },
    storeToolImage: (bytes: Buffer) => storeToolImage(mediaDir, bytes),
    previewMarkdown: (source: string) => renderMarkdown(source),
    importCatalogue: (
      actor: Actor,
      file: ImportFile,
      options: { dryRun: boolean; onProgress?: (progress: ImportProgress) => void },
    ) => importCatalogue(db, actor, file, options),
    listImportJobs: () => listImportJobs(db),
    exportCatalogue: (format: ExportFormat) => exportCatalogue(db, format),
    getNewsletterEmbedUrl: () => env.NEWSLETTER_EMBED_URL ?? null,
    subscribeToNewsletter: (signup: NewsletterSignup, clientAddress: string) =>
      subscribeToNewsletter(db, signup, clientAddress),
    /** The address a browser's pending sign-up waits on (decision 010), from its Cookie header. */
    async readPendingSignUp(cookieHeader: string | null) {
      const pending = await findPendingSignUp(db, pendingTokenOf(cookieHeader));
      return pending ? { email: pending.email } : null;
    },
    getAccount: (userId: string, sessionToken: string) =>
      getAccount(db, catalogue.snapshot, userId, sessionToken),
    async deleteAccount(userId: string, confirmation: { password?: string; confirm?: string }) {
      const check = await checkAccountPassword(db, userId, confirmation.password);
      if (check === "wrong") {
        throw new AppError("INVALID", "Your password is needed to delete the account.", {
          password: "That password is not right.",
        });
      }
      if (
        check === "no-password" &&
        confirmation.confirm?.trim().toLowerCase() !== DELETE_CONFIRM_WORD
      ) {
        throw new AppError("INVALID", "Confirm that the account should be deleted.", {
          confirm: `Type "${DELETE_CONFIRM_WORD}" to confirm.`,
        });
      }
      await deleteAccount(db, userId);
    },
    /** The development outbox, newest first; null where it does not exist (production, SMTP). */
    async readOutbox() {
      if (env.NODE_ENV === "production" || !hasOutbox) return null;
      return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(50);
    },
  };
}

export type AppServices = ReturnType<typeof createServices>;
