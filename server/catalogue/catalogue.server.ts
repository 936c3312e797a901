import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { tools } from "../db/schema";
import {
  toolCardColumns,
  toToolCard,
  toolSearchColumns,
  toToolSearchText,
  type CatalogueRow,
} from "../services/tools/tool-shapes.server";
import type { LiveEvent } from "../live/live-events.server";
import { withCounts, type CountChange } from "./recount.server";
import { buildSnapshot, type CatalogueSnapshot } from "./snapshot.server";

/** Count changes arriving together (a burst of likes) are applied to the snapshot at once. */
const COUNT_BATCH_MS = 100;
/** Admin writes arriving together are rebuilt into the snapshot at once. */
const RELOAD_BATCH_MS = 50;

/** Holds the current snapshot of the online catalogue and rebuilds it on demand. */
export class Catalogue {
  #snapshot: CatalogueSnapshot = buildSnapshot([]);
  #pendingCounts = new Map<string, CountChange>();
  #countTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly db: Database) {}

  get snapshot(): CatalogueSnapshot {
    return this.#snapshot;
  }

  async reload(): Promise<CatalogueSnapshot> {
    const rows = await this.db.query.tools.findMany({
      columns: { ...toolCardColumns, ...toolSearchColumns },
      where: eq(tools.status, "online"),
    });
    this.#snapshot = snapshotOfRows(rows);
    return this.#snapshot;
  }

  /** Follows a live event: new like or view counts show in listings within COUNT_BATCH_MS. */
  apply(event: LiveEvent) {
    if (event.type === "catalogue") {
      this.#scheduleReload();
    } else if (event.type === "like") {
      this.#queue(event.toolId, { likesTotal: event.likesTotal });
    } else {
      for (const [toolId, views] of event.counts) this.#queue(toolId, { views });
    }
  }

  /** Applies queued count changes now (tests, shutdown). */
  flushCounts() {
    clearTimeout(this.#countTimer);
    this.#countTimer = undefined;
    if (this.#pendingCounts.size === 0) return;
    this.#snapshot = withCounts(this.#snapshot, this.#pendingCounts);
    this.#pendingCounts = new Map();
  }

  #reloadTimer: ReturnType<typeof setTimeout> | undefined;
  #reloading: Promise<unknown> = Promise.resolve();

  /** Several admin writes in a row cost one rebuild. */
  #scheduleReload() {
    this.#reloadTimer ??= setTimeout(() => {
      this.#reloadTimer = undefined;
      this.#reloading = this.#reloading.then(() => this.reload()).catch(() => {});
    }, RELOAD_BATCH_MS);
  }

  /** Resolves once a scheduled rebuild (if any) is done: for tests and benchmarks. */
  async settled(): Promise<void> {
    while (this.#reloadTimer) await new Promise((resolve) => setTimeout(resolve, RELOAD_BATCH_MS));
    await this.#reloading;
  }

  #queue(toolId: string, change: CountChange) {
    this.#pendingCounts.set(toolId, { ...this.#pendingCounts.get(toolId), ...change });
    this.#countTimer ??= setTimeout(() => this.flushCounts(), COUNT_BATCH_MS);
  }
}

/** The snapshot of these rows: cards, and the searched text of each. */
export function snapshotOfRows(rows: readonly CatalogueRow[]): CatalogueSnapshot {
  return buildSnapshot(
    rows.map(toToolCard),
    new Map(rows.map((row) => [row.id, toToolSearchText(row)])),
  );
}
