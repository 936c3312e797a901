import path from "node:path";
import { SnapshotKeeper } from "./snapshot/snapshot-keeper.server";
import type { DatabaseHandle } from "./db/client.server";
import { openDatabase } from "./db/open-database.server";
import type { Env } from "./core/env.server";
import type { Logger } from "./core/logger.server";
import { DemoImages } from "./media/demo-images.server";
import { sweepUnusedUploads } from "./media/tool-images.server";
import { isCatalogueEmpty, seedDemoCatalogue } from "./seed/seed-demo.server";
import { createServices, type AppServices } from "./services.server";
import { createAuth, type Auth } from "./auth/auth.server";
import { resolveAuthSecret } from "./auth/secret.server";
import { createViewerReader, type ViewerReader } from "./auth/viewer.server";
import { createMailer } from "./mail/mailer.server";
import { LIVE_CHANNEL, parseLiveEvent } from "./live/live-events.server";
import { LiveHub } from "./live/live-hub.server";
import { ViewCounter } from "./services/tools/view-counter.server";
import { startAnalyticsRetention } from "./services/analytics/apply-analytics-retention.server";

export interface Application {
  services: AppServices;
  /** The catalogue snapshot and its revision: what the render cache checks its pages against. */
  snapshotKeeper: SnapshotKeeper;
  auth: Auth;
  readSignedIn: ViewerReader;
  live: LiveHub;
  mediaDir: string;
  /** The demo catalogue's images: drawn in the background, or on request before that. */
  demoImages: DemoImages;
  database: DatabaseHandle;
  /** True once the background work started at boot (demo images) has finished. */
  isBackgroundWorkDone(): boolean;
  /**
   * Shutdown, first part (decision 025): starts no more background work and gives what runs up
   * to `graceMs` to finish; AI drafts still running then go back to the queue, views counted so
   * far are written. The database stays open for the requests still being answered.
   */
  drain(graceMs: number): Promise<void>;
  close(): Promise<void>;
}

const UPLOAD_SWEEP_MS = 6 * 60 * 60 * 1000;

export function mediaDirOf(env: Pick<Env, "DATA_DIR">): string {
  return path.join(env.DATA_DIR, "media");
}

/** Opens the database (PGlite under a lock file, or PostgreSQL), migrates, seeds and loads the catalogue. */
export async function bootApplication(env: Env, logger: Logger): Promise<Application> {
  const database = await openDatabase(env);
  try {
    logger.info({ database: database.kind }, "database ready");

    if (env.SEED_DEMO && (await isCatalogueEmpty(database.db))) {
      const added = await seedDemoCatalogue(database.db);
      logger.info({ tools: added }, "demo catalogue loaded");
    }
    const snapshotKeeper = new SnapshotKeeper(database.db);
    const snapshot = await snapshotKeeper.reload();
    logger.info({ online: snapshot.tools.length }, "catalogue snapshot built");

    const mediaDir = mediaDirOf(env);
    const stopBackgroundWork = new AbortController();
    const demoImages = new DemoImages(mediaDir, snapshot.tools);
    const backgroundWork = demoImages.drawMissing(stopBackgroundWork.signal).then(
      (made) => {
        if (made > 0) logger.info({ images: made }, "demo images generated");
      },
      (error: unknown) => logger.error({ err: error }, "demo image generation failed"),
    );
    let isBackgroundWorkDone = false;
    void backgroundWork.finally(() => {
      isBackgroundWorkDone = true;
    });
    const live = new LiveHub();
    const stopListening = await database.listen(
      LIVE_CHANNEL,
      (payload) => {
        const event = parseLiveEvent(payload);
        if (!event) return;
        snapshotKeeper.apply(event);
        live.receive(event);
      },
      // Notifications sent while the listening connection was down are lost: start afresh, and
      // tell every open stream to drop its live counts.
      () => {
        live.resync();
        snapshotKeeper.reloadSoon();
      },
    );
    const views = new ViewCounter(database.db, logger);
    views.start();
    // Uploads that were replaced or never saved go once nobody has touched them for an hour.
    const sweepUploads = () =>
      void sweepUnusedUploads(database.db, mediaDir).then(
        (removed) => removed > 0 && logger.info({ removed }, "unused uploads removed"),
        (error: unknown) => logger.error({ err: error }, "sweeping uploads failed"),
      );
    sweepUploads();
    const uploadSweeper = setInterval(sweepUploads, UPLOAD_SWEEP_MS);
    uploadSweeper.unref();
    const mailer = createMailer({ env, db: database.db, logger });
    const secret = await resolveAuthSecret(env);
    const auth = createAuth({
      env,
      secret,
      db: database.db,
      mailer,
      logger,
    });
    const services = createServices({
      db: database.db,
      snapshotKeeper,
      env,
      secret,
      mailer,
      hasOutbox: mailer.kind === "outbox",
      views,
      mediaDir,
      logger,
      databaseKind: database.kind,
    });
    const analyticsRetention = startAnalyticsRetention({
      db: database.db,
      retentionDays: env.ANALYTICS_RETENTION_DAYS,
      logger,
    });
    // AI draft jobs a previous run left running fail as interrupted; queued ones run.
    await services.startDraftRunner();
    return {
      services,
      snapshotKeeper,
      auth,
      readSignedIn: createViewerReader(auth, database.db, env.ADMIN_EMAILS ?? []),
      live,
      mediaDir,
      demoImages,
      database,
      isBackgroundWorkDone: () => isBackgroundWorkDone,
      async drain(graceMs) {
        stopBackgroundWork.abort();
        clearInterval(uploadSweeper);
        await Promise.all([
          analyticsRetention.stop(),
          services.stopDraftRunner(graceMs),
          backgroundWork,
          views.flush(),
        ]);
      },
      async close() {
        stopBackgroundWork.abort();
        clearInterval(uploadSweeper);
        await analyticsRetention.stop();
        await services.stopDraftRunner();
        await backgroundWork;
        await views.stop();
        await stopListening();
        mailer.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
