import { randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { AI_DRAFT_LIMITS, DRAFT_FAILURES, type JobDraft, type ToolDraft } from "~/lib/ai-draft";
import type { Database } from "#server/db/client.server";
import { aiDraftJobs } from "#server/db/schema";
import type { Logger } from "#server/core/logger.server";
import { DraftAddressFailure, type DraftAddressDeps, draftAddress } from "./draft-address.server";
import { DraftFailure } from "./draft-types.server";
import type { DraftJobRow } from "./get-draft-job.server";
import { ProgressWriter } from "./progress-writer.server";

const RUNNING_STATES = ["fetching", "reading", "drafting"] as const;
const POLL_MS = 2_000;
const CANCEL_CHECK_MS = 1_000;
const HEARTBEAT_MS = 20_000;
/** On PostgreSQL, a running job untouched this long belongs to a server that stopped. */
const STALE_MS = 2 * 60_000;

export interface DraftJobRunnerDeps {
  db: Database;
  /** PGlite is one server: whatever is running at start was left by this server's last run. */
  databaseKind: "pglite" | "postgres";
  logger: Logger;
  /** The settings of one draft (taxonomy read fresh, duplicates checked against the catalogue). */
  draftSettings(): Promise<Omit<DraftAddressDeps, "signal" | "onStep" | "ignoreDuplicate">>;
}

/**
 * Runs queued jobs, at most AI_DRAFT_LIMITS.concurrency at once on this server and
 * never two of one host at once across every server (the claim is serialised in the database).
 * A cancel is a state in the database: the runner notices it within a second, aborts the job, and
 * never writes over it.
 */
export class DraftJobRunner {
  readonly runnerId = randomUUID();
  private readonly running = new Map<
    number,
    { controller: AbortController; done: Promise<void> }
  >();
  private pollTimer: NodeJS.Timeout | null = null;
  private watchTimer: NodeJS.Timeout | null = null;
  private lastHeartbeat = Date.now();
  private ticking: Promise<void> | null = null;
  private tickAgain = false;
  private stopped = true;

  constructor(private readonly deps: DraftJobRunnerDeps) {}

  /** Fails what a previous run left active, then takes queued jobs. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.failInterrupted(this.deps.databaseKind === "pglite" ? 0 : STALE_MS);
    this.wake();
  }

  /** Looks at the queue now (after a submission or a retry). */
  wake(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.tickAgain = true;
      return;
    }
    this.ticking = this.tick()
      .catch((error: unknown) => this.deps.logger.error({ err: error }, "draft queue check failed"))
      .finally(() => {
        this.ticking = null;
        if (this.tickAgain) {
          this.tickAgain = false;
          this.wake();
        }
      });
  }

  /**
   * Stops taking jobs. Running ones get `graceMs` to finish (a server that drains at SIGTERM);
   * the rest are aborted and handed back to the queue, where the next runner (another server, or
   * this one after its restart) takes them afresh.
   */
  async stop(graceMs = 0): Promise<void> {
    this.stopped = true;
    this.clearTimer("poll");
    await this.ticking;
    const allDone = () => Promise.all([...this.running.values()].map((job) => job.done));
    if (graceMs > 0 && this.running.size > 0) {
      await Promise.race([allDone(), delay(graceMs, undefined, { ref: false })]);
    }
    this.clearTimer("watch");
    for (const { controller } of this.running.values()) controller.abort();
    await allDone();
  }

  /** How many jobs this server is running now. */
  get activeJobs(): number {
    return this.running.size;
  }

  private async tick(): Promise<void> {
    this.clearTimer("poll");
    while (!this.stopped && this.running.size < AI_DRAFT_LIMITS.concurrency) {
      const job = await claimNextDraftJob(this.deps.db, this.runnerId);
      if (!job) break;
      this.begin(job);
    }
    if (this.stopped) return;
    if (this.running.size > 0) this.watch();
    if (this.running.size > 0 || (await hasQueuedJobs(this.deps.db))) {
      this.pollTimer = setTimeout(() => this.wake(), POLL_MS);
      this.pollTimer.unref();
    }
  }

  private begin(job: DraftJobRow): void {
    const controller = new AbortController();
    const done = this.runJob(job, controller)
      .catch((error: unknown) =>
        this.deps.logger.error({ err: error, jobId: job.id }, "draft job could not be recorded"),
      )
      .finally(() => {
        this.running.delete(job.id);
        this.wake();
      });
    this.running.set(job.id, { controller, done });
  }

  private async runJob(job: DraftJobRow, controller: AbortController): Promise<void> {
    const progress = new ProgressWriter((state, message) =>
      this.writeJob(job.id, controller, { state, progress: message }),
    );
    try {
      const settings = await this.deps.draftSettings();
      const drafted = await draftAddress(job.address, {
        ...settings,
        ignoreDuplicate: job.ignoreDuplicate,
        signal: controller.signal,
        onStep: (state, message) => progress.report(state, message),
      });
      await progress.flush();
      await this.writeJob(job.id, controller, {
        state: "ready",
        progress: null,
        draft: {
          ...drafted.draft,
          ...drafted.buyerFacts,
        } satisfies JobDraft,
        page: drafted.page,
        finalUrl: drafted.finalUrl,
        usedModel: drafted.usedModel,
        modelProblem: drafted.modelProblem,
      });
    } catch (error) {
      await progress.flush();
      // Stopped with the job still running: nothing is wrong with it; it goes back to the queue.
      if (this.stopped && controller.signal.aborted) {
        await this.handBack(job.id);
        return;
      }
      const failure =
        error instanceof DraftAddressFailure
          ? error
          : new DraftAddressFailure(
              new DraftFailure("internal"),
              { websiteUrl: { value: job.url, source: "address", evidence: job.url } },
              null,
            );
      if (error instanceof DraftAddressFailure) {
        this.deps.logger.info(
          { jobId: job.id, host: job.host, failure: failure.code },
          "draft job ended in a named failure",
        );
      } else {
        this.deps.logger.error({ err: error, jobId: job.id, host: job.host }, "draft job failed");
      }
      await this.writeJob(job.id, null, {
        state: "failed",
        progress: null,
        failureCode: failure.code,
        failureMessage: failure.message,
        duplicateToolId: failure.duplicateOf?.id ?? null,
        draft: failure.partial satisfies ToolDraft,
        finalUrl: failure.finalUrl,
      });
    } finally {
      progress.close();
    }
  }

  /**
   * Writes a running job of this runner; a cancelled (or otherwise ended) row is never written
   * over, and the job's work is aborted when its row is found ended.
   */
  private async writeJob(
    id: number,
    controller: AbortController | null,
    set: Partial<typeof aiDraftJobs.$inferInsert>,
  ): Promise<void> {
    const written = await this.deps.db
      .update(aiDraftJobs)
      .set({ ...set, updatedAt: sql`now()` })
      .where(
        and(
          eq(aiDraftJobs.id, id),
          eq(aiDraftJobs.runnerId, this.runnerId),
          inArray(aiDraftJobs.state, [...RUNNING_STATES]),
        ),
      )
      .returning({ id: aiDraftJobs.id });
    if (written.length === 0) controller?.abort();
  }

  /** A job this runner could not finish goes back to the queue as if never taken. */
  private async handBack(id: number): Promise<void> {
    await this.writeJob(id, null, {
      state: "queued",
      progress: null,
      runnerId: null,
      draft: sql`jsonb_build_object('websiteUrl', ${aiDraftJobs.draft} -> 'websiteUrl')`,
    });
  }

  /** While jobs run: notice cancels every second, and on PostgreSQL show this server is alive. */
  private watch(): void {
    if (this.watchTimer) return;
    this.watchTimer = setInterval(() => {
      if (this.running.size === 0) {
        this.clearTimer("watch");
        return;
      }
      void this.checkRunning().catch((error: unknown) =>
        this.deps.logger.error({ err: error }, "draft job check failed"),
      );
    }, CANCEL_CHECK_MS);
    this.watchTimer.unref();
  }

  private async checkRunning(): Promise<void> {
    const ids = [...this.running.keys()];
    if (ids.length === 0) return;
    const rows = await this.deps.db
      .select({ id: aiDraftJobs.id, state: aiDraftJobs.state, runnerId: aiDraftJobs.runnerId })
      .from(aiDraftJobs)
      .where(inArray(aiDraftJobs.id, ids));
    for (const id of ids) {
      const row = rows.find((candidate) => candidate.id === id);
      const mine =
        row &&
        row.runnerId === this.runnerId &&
        (RUNNING_STATES as readonly string[]).includes(row.state);
      if (!mine) this.running.get(id)?.controller.abort();
    }
    if (this.deps.databaseKind === "postgres" && Date.now() - this.lastHeartbeat >= HEARTBEAT_MS) {
      this.lastHeartbeat = Date.now();
      await this.deps.db
        .update(aiDraftJobs)
        .set({ updatedAt: sql`now()` })
        .where(
          and(
            inArray(aiDraftJobs.id, ids),
            eq(aiDraftJobs.runnerId, this.runnerId),
            inArray(aiDraftJobs.state, [...RUNNING_STATES]),
          ),
        );
      await this.failInterrupted(STALE_MS);
    }
  }

  /** Running jobs of no live runner (untouched for `olderThanMs`) fail as interrupted. */
  private async failInterrupted(olderThanMs: number): Promise<void> {
    const failed = await this.deps.db
      .update(aiDraftJobs)
      .set({
        state: "failed",
        progress: null,
        failureCode: "interrupted",
        failureMessage: DRAFT_FAILURES.interrupted,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          inArray(aiDraftJobs.state, [...RUNNING_STATES]),
          lt(aiDraftJobs.updatedAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
        ),
      )
      .returning({ id: aiDraftJobs.id });
    if (failed.length > 0) {
      this.deps.logger.warn(
        { jobs: failed.length },
        "draft jobs left running failed as interrupted",
      );
    }
  }

  private clearTimer(which: "poll" | "watch"): void {
    if (which === "poll" && this.pollTimer) {
      clearTimeout(this.pollTimer);
      this.pollTimer = null;
    }
    if (which === "watch" && this.watchTimer) {
      clearInterval(this.watchTimer);
      this.watchTimer = null;
    }
  }
}

/**
 * Takes the oldest queued job whose host has no running job, for `runnerId`. Claims are
 * serialised by a transaction-level advisory lock: a second claimer waits, then sees the first
 * one's running job, so two servers never run one host at once (a NOT EXISTS alone would not see
 * a claim that has not committed yet).
 */
export async function claimNextDraftJob(
  db: Database,
  runnerId: string,
): Promise<DraftJobRow | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ai_draft_jobs.claim'))`);
    const [row] = await tx
      .update(aiDraftJobs)
      .set({ state: "fetching", runnerId, progress: null, updatedAt: sql`now()` })
      .where(
        eq(
          aiDraftJobs.id,
          sql`(select q.id from ai_draft_jobs q where q.state = 'queued' and not exists (
            select 1 from ai_draft_jobs r where r.host = q.host
              and r.state in ('fetching', 'reading', 'drafting'))
            order by q.id limit 1 for update skip locked)`,
        ),
      )
      .returning();
    return row ?? null;
  });
}

async function hasQueuedJobs(db: Database): Promise<boolean> {
  const rows = await db
    .select({ id: aiDraftJobs.id })
    .from(aiDraftJobs)
    .where(eq(aiDraftJobs.state, "queued"))
    .limit(1);
  return rows.length > 0;
}
