import {
  ALL_CATEGORIES,
  PRICING_FILTERS,
  SNAPSHOT_VALIDITY_MS,
  SORT_OPTIONS,
  type PricingFilter,
  type SortOption,
} from "~/lib/constants";
import type { RequirementKey } from "~/lib/buyer-facts";
import type { IntegrationKey } from "~/lib/integrations";
import type { ToolCard } from "~/lib/tool";
import { DEFAULT_FILTERS, isDefault, type BrowseFilters } from "./browse-href";

// "Saved browse state in the browser": local keys for each filter, the scroll position, the
// visible count and the sidebar; a session snapshot to come back to from a tool page.

export const LOCAL_KEYS = {
  category: "browse_category",
  subcategories: "browse_subcategories",
  search: "browse_search",
  sort: "browse_sort",
  pricing: "browse_pricing",
  require: "browse_require",
  integrates: "browse_integrates",
  maxPrice: "browse_max_price",
  scroll: "browse_scroll",
  visibleCount: "browse_visible_count",
  sidebarExpanded: "browse_sidebar_expanded",
} as const;

export const SNAPSHOT_KEY = "browse_snapshot";

export interface BrowseSnapshot {
  /** The listing's address, path and query. */
  url: string;
  tools: ToolCard[];
  total: number;
  filters: BrowseFilters;
  visibleCount: number;
  scrollY: number;
  sidebarExpanded: boolean;
  savedAt: number;
}

/** Storage can be missing, full or forbidden (private modes); saved state is a convenience. */
function attempt<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

export function saveFilters(storage: Storage, filters: BrowseFilters): void {
  attempt(() => {
    if (isDefault(filters)) {
      for (const key of [
        LOCAL_KEYS.category,
        LOCAL_KEYS.subcategories,
        LOCAL_KEYS.search,
        LOCAL_KEYS.sort,
        LOCAL_KEYS.pricing,
        LOCAL_KEYS.require,
        LOCAL_KEYS.integrates,
        LOCAL_KEYS.maxPrice,
      ]) {
        storage.removeItem(key);
      }
      return;
    }
    storage.setItem(LOCAL_KEYS.category, filters.category);
    storage.setItem(LOCAL_KEYS.subcategories, JSON.stringify(filters.subcategory));
    storage.setItem(LOCAL_KEYS.search, filters.search);
    if (filters.sort) storage.setItem(LOCAL_KEYS.sort, filters.sort);
    else storage.removeItem(LOCAL_KEYS.sort);
    storage.setItem(LOCAL_KEYS.pricing, filters.pricing);
    storage.setItem(LOCAL_KEYS.require, JSON.stringify(filters.require ?? []));
    storage.setItem(LOCAL_KEYS.integrates, JSON.stringify(filters.integrates ?? []));
    if (filters.maxPrice !== undefined) {
      storage.setItem(LOCAL_KEYS.maxPrice, String(filters.maxPrice));
    } else storage.removeItem(LOCAL_KEYS.maxPrice);
  }, undefined);
}

function stringList(text: string | null): string[] {
  const value: unknown = attempt(() => JSON.parse(text ?? "[]"), []);
  return Array.isArray(value) ? value.filter((item) => typeof item === "string") : [];
}

/** The saved filters, or null when none differ from the defaults. Unknown values are dropped. */
export function readSavedFilters(storage: Storage): BrowseFilters | null {
  return attempt(() => {
    const sort = storage.getItem(LOCAL_KEYS.sort);
    const pricing = storage.getItem(LOCAL_KEYS.pricing);
    const maxPrice = Number(storage.getItem(LOCAL_KEYS.maxPrice) ?? "");
    // The page drops unknown keys itself (listing-query.server.ts).
    const require = stringList(storage.getItem(LOCAL_KEYS.require)) as RequirementKey[];
    const integrates = stringList(storage.getItem(LOCAL_KEYS.integrates)) as IntegrationKey[];
    const filters: BrowseFilters = {
      category: storage.getItem(LOCAL_KEYS.category) || ALL_CATEGORIES,
      subcategory: stringList(storage.getItem(LOCAL_KEYS.subcategories)),
      search: storage.getItem(LOCAL_KEYS.search) ?? "",
      ...(SORT_OPTIONS.includes(sort as SortOption) && { sort: sort as SortOption }),
      pricing: PRICING_FILTERS.includes(pricing as PricingFilter)
        ? (pricing as PricingFilter)
        : DEFAULT_FILTERS.pricing,
      ...(require.length > 0 && { require }),
      ...(integrates.length > 0 && { integrates }),
      ...(storage.getItem(LOCAL_KEYS.maxPrice) &&
        Number.isFinite(maxPrice) &&
        maxPrice >= 0 && { maxPrice }),
    };
    return isDefault(filters) ? null : filters;
  }, null);
}

export function saveSidebarExpanded(storage: Storage, isExpanded: boolean): void {
  attempt(() => storage.setItem(LOCAL_KEYS.sidebarExpanded, String(isExpanded)), undefined);
}

export function readSidebarExpanded(storage: Storage): boolean {
  return attempt(() => storage.getItem(LOCAL_KEYS.sidebarExpanded) === "true", false);
}

/** Listings remembered at once: Back and Forward through recent ones find their state. */
const MAX_SNAPSHOTS = 10;

function readSnapshots(session: Storage): BrowseSnapshot[] {
  const value: unknown = JSON.parse(session.getItem(SNAPSHOT_KEY) ?? "[]");
  return Array.isArray(value) ? (value as BrowseSnapshot[]) : [];
}

/** Keeps a listing's state; the newest snapshot of a listing replaces an older one. */
export function saveSnapshot(session: Storage, local: Storage, snapshot: BrowseSnapshot): void {
  attempt(() => {
    local.setItem(LOCAL_KEYS.scroll, String(Math.round(snapshot.scrollY)));
    local.setItem(LOCAL_KEYS.visibleCount, String(snapshot.visibleCount));
    const others = readSnapshots(session).filter((saved) => saved.url !== snapshot.url);
    const kept = [snapshot, ...others].slice(0, MAX_SNAPSHOTS);
    session.setItem(SNAPSHOT_KEY, JSON.stringify(kept));
  }, undefined);
}

function isFresh(snapshot: BrowseSnapshot | undefined, now: number): snapshot is BrowseSnapshot {
  if (!snapshot || !Array.isArray(snapshot.tools)) return false;
  const age = now - snapshot.savedAt;
  return age >= 0 && age < SNAPSHOT_VALIDITY_MS;
}

/** The snapshot of this listing, taken less than 5 minutes ago, or null. */
export function findSnapshot(session: Storage, url: string, now: number): BrowseSnapshot | null {
  return attempt(() => {
    const snapshot = readSnapshots(session).find((saved) => saved.url === url);
    return isFresh(snapshot, now) ? snapshot : null;
  }, null);
}

/** The listing remembered last (the one a tool was opened from), if less than 5 minutes ago. */
export function newestSnapshot(session: Storage, now: number): BrowseSnapshot | null {
  return attempt(() => {
    const [snapshot] = readSnapshots(session);
    return isFresh(snapshot, now) ? snapshot : null;
  }, null);
}

/** Reset: every saved value goes. */
export function clearSavedState(session: Storage, local: Storage): void {
  attempt(() => {
    session.removeItem(SNAPSHOT_KEY);
    for (const key of Object.values(LOCAL_KEYS)) local.removeItem(key);
  }, undefined);
}
