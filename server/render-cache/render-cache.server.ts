import type { Logger } from "../core/logger.server";
import type { PageKey } from "./page-key.server";
import { Doorkeeper, PageStore, type Sized } from "./page-store.server";
import type { RenderedPage } from "./rendered-page.server";
import {
  RenderAbandoned,
  RenderRefused,
  type RenderBudget,
  type RenderDemand,
} from "./render-budget.server";
import { renderCostOf } from "./render-cost.server";
import { SingleFlight } from "../core/single-flight.server";

// Decision 013: anonymous page views answered from HTML rendered once per key. The freshness rule:
// an entry is never served once the catalogue revision it was rendered at has moved (an admin
// change on any server arrives through LISTEN and moves it); like and view counts may lag by
// COUNT_LAG_MS, then the entry is served stale while one render replaces it.

/** How late like and view counts may show on a cached page before it is rendered again. */
export const COUNT_LAG_MS = 5_000;
/** Past this age, an entry whose counts changed is rendered again before it is answered. */
export const STALE_LIMIT_MS = 15_000;
/** Past this age, any entry is rendered again before it is answered (the footer's year, say). */
export const MAX_AGE_MS = 10 * 60_000;
/** The share of the cache searches and other long-tail pages may take. */
export const LONG_TAIL_SHARE = 0.25;
/** The budget's name for the cache's own renders of stale pages: they share one client's share. */
const BACKGROUND_CLIENT = "render cache";
const DOORKEEPER = { capacity: 4096, windowMs: 10 * 60_000 };

/** What decides whether a rendered page is still true: the SnapshotKeeper. */
export interface CatalogueVersion {
  /** Moves on every catalogue rebuild after an admin change. */
  readonly catalogueRevision: number;
  /** Replaced on every count change too: its identity tells whether counts moved. */
  readonly snapshot: object;
}

interface Entry extends Sized {
  page: RenderedPage;
  revision: number;
  counts: object;
  /** When the render started, i.e. when its data was read. */
  renderedAt: number;
}

export type Freshness = "fresh" | "stale" | "expired";

/** The freshness rule of decision 013. */
export function freshnessOf(
  entry: Pick<Entry, "revision" | "counts" | "renderedAt">,
  now: number,
  catalogue: { revision: number; counts: object },
): Freshness {
  if (entry.revision !== catalogue.revision) return "expired";
  const age = now - entry.renderedAt;
  if (age >= MAX_AGE_MS) return "expired";
  if (entry.counts === catalogue.counts || age < COUNT_LAG_MS) return "fresh";
  return age < STALE_LIMIT_MS ? "stale" : "expired";
}

export type CacheOutcome = "HIT" | "STALE" | "MISS";

export interface RenderCacheOptions {
  maxBytes: number;
  catalogue: CatalogueVersion;
  /**
   * Renders the page at this canonical path for a signed-out visitor; the signal aborts once
   * every client waiting for it has gone, and the render then stops where it can.
   */
  render: (path: string, signal: AbortSignal) => Promise<RenderedPage>;
  /** Every render spends from it, with the page handler's (decision 023). */
  budget: RenderBudget;
  logger: Logger;
  now?: () => number;
}

export class RenderCache {
  readonly #store: PageStore<Entry>;
  readonly #doorkeeper = new Doorkeeper(DOORKEEPER);
  readonly #flights = new SingleFlight<RenderedPage>();
  readonly #options: RenderCacheOptions;
  readonly #now: () => number;
  #revision: number;
  readonly #counted = { hits: 0, stale: 0, misses: 0 };

  constructor(options: RenderCacheOptions) {
    this.#options = options;
    this.#store = new PageStore({ maxBytes: options.maxBytes, longTailShare: LONG_TAIL_SHARE });
    this.#now = options.now ?? Date.now;
    this.#revision = options.catalogue.catalogueRevision;
  }

  /**
   * The page for this key: from the cache, or rendered (once, however many ask at a time) within
   * the render budget, charged to the client that asked first; throws RenderRefused, or
   * RenderAbandoned when every client that asked has gone before the render started.
   */
  async page(
    key: PageKey,
    demand: Omit<RenderDemand, "cost">,
  ): Promise<{ page: RenderedPage; outcome: CacheOutcome }> {
    if (key.isLongTail) this.#doorkeeper.record(key.path, this.#now());
    const stored = this.storedPage(key);
    if (stored) return stored;
    this.#counted.misses += 1;
    return { page: await this.#render(key, demand), outcome: "MISS" };
  }

  /**
   * The page for this key if the cache may answer it now (HIT, or STALE while one render replaces
   * it), else null: answered without waiting, so the server's fast path can send it at once.
   */
  storedPage(key: PageKey): { page: RenderedPage; outcome: CacheOutcome } | null {
    const current = this.#current();
    const entry = this.#store.get(key.path);
    if (!entry) return null;
    const freshness = freshnessOf(entry, this.#now(), current);
    if (freshness === "fresh") {
      this.#counted.hits += 1;
      return { page: entry.page, outcome: "HIT" };
    }
    if (freshness === "stale") {
      this.#counted.stale += 1;
      this.#renderInBackground(key);
      return { page: entry.page, outcome: "STALE" };
    }
    this.#store.delete(key.path);
    return null;
  }

  get stats() {
    return { ...this.#counted, ...this.#store.stats, ...this.#options.budget.stats };
  }

  /** The catalogue as it is now; every entry goes once its revision has moved. */
  #current(): { revision: number; counts: object } {
    const { catalogueRevision, snapshot } = this.#options.catalogue;
    if (catalogueRevision !== this.#revision) {
      this.#store.clear();
      this.#revision = catalogueRevision;
    }
    return { revision: catalogueRevision, counts: snapshot };
  }

  #render(key: PageKey, { client, signal }: Omit<RenderDemand, "cost">): Promise<RenderedPage> {
    const { revision, counts } = this.#current();
    const cost = renderCostOf(new URL(`http://localhost${key.path}`));
    return this.#flights.run(
      `${revision} ${key.path}`,
      (wanted) =>
        this.#options.budget.run({ client, cost, signal: wanted }, () =>
          this.#renderAndStore(key, revision, counts, wanted),
        ),
      signal,
    );
  }

  /** A stale page rendered again for the cache itself; when the budget is spent it stays stale. */
  #renderInBackground(key: PageKey): void {
    this.#render(key, { client: BACKGROUND_CLIENT }).catch((error: unknown) => {
      if (error instanceof RenderRefused || error instanceof RenderAbandoned) return;
      this.#options.logger.warn({ err: error, page: key.path }, "render cache: render failed");
    });
  }

  async #renderAndStore(
    key: PageKey,
    revision: number,
    counts: object,
    wanted: AbortSignal,
  ): Promise<RenderedPage> {
    const renderedAt = this.#now();
    // Stopped midway for want of anyone to send it to: not the page, so never kept nor an error.
    const page = await this.#options.render(key.path, wanted).catch((error: unknown) => {
      throw wanted.aborted ? new RenderAbandoned() : error;
    });
    if (wanted.aborted) throw new RenderAbandoned();
    const now = this.#now();
    const isAdmitted = !key.isLongTail || this.#doorkeeper.admits(key.path, now);
    if (page.isStorable && isAdmitted && this.#current().revision === revision) {
      const isStored = this.#store.set(
        key.path,
        { page, revision, counts, renderedAt, bytes: page.bytes },
        key.isLongTail,
      );
      this.#options.logger.debug(
        { page: key.path, isStored, renderMs: now - renderedAt, ...this.stats },
        "render cache: rendered",
      );
    }
    return page;
  }
}
