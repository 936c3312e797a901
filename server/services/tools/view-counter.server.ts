import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.server";
import { lockInOrder } from "#server/db/lock-tool-rows.server";
import { queryRows } from "#server/db/query-rows.server";
import { notifyLive, viewCountGroups } from "#server/live/live-events.server";
import type { Logger } from "#server/core/logger.server";

/** DESIGN.md 4 Views: increments wait in memory at most this long. */
export const VIEW_FLUSH_MS = 2000;

/**
 * incrementViews, batched: views add up in memory and are written every 2 s (and on
 * shutdown) in one UPDATE, whose new counts go out as live events so every server's snapshot
 * follows.
 */
export class ViewCounter {
  #pending = new Map<string, number>();
  #timer: ReturnType<typeof setInterval> | undefined;
  #flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
  ) {}

  start() {
    this.#timer ??= setInterval(() => void this.flush(), VIEW_FLUSH_MS);
  }

  add(toolId: string) {
    this.#pending.set(toolId, (this.#pending.get(toolId) ?? 0) + 1);
  }

  /** Writes what has been counted; flushes never overlap. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#write());
    return this.#flushing;
  }

  async stop() {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }

  async #write() {
    if (this.#pending.size === 0) return;
    const batch = this.#pending;
    this.#pending = new Map();
    try {
      const values = sql.join(
        [...batch].map(([id, count]) => sql`(${id}, ${count}::int)`),
        sql`, `,
      );
      await this.db.transaction(async (tx) => {
        await lockInOrder(tx, [...batch.keys()]);
        const rows = await queryRows<{ id: string; views: number }>(
          tx,
          sql`
          update tools set views = tools.views + batch.count
          from (values ${values}) as batch(id, count)
          where tools.id = batch.id and tools.status = 'online'
          returning tools.id, tools.views`,
        );
        const counts = rows.map((row): [string, number] => [row.id, Number(row.views)]);
        for (const group of viewCountGroups(counts)) {
          await notifyLive(tx, { type: "views", counts: group });
        }
      });
    } catch (error) {
      // Put the views back for the next flush rather than lose them.
      for (const [id, count] of batch) this.#pending.set(id, (this.#pending.get(id) ?? 0) + count);
      this.logger.error({ err: error }, "writing views failed; will retry");
    }
  }
}
