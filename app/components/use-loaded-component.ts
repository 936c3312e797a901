import { useEffect, useState, type ComponentType } from "react";

/**
 * A loader that shares one load while it may still succeed: a failed load is forgotten, so the
 * next call tries afresh instead of repeating the failure for the page's life.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

const RELOADED_AT_KEY = "loaded-component-reloaded-at";
/** A page reloaded for a missing chunk is not reloaded again this soon: no reload loop. */
const RELOAD_SPACING_MS = 60_000;

export interface PageReload {
  storage: Pick<Storage, "getItem" | "setItem"> | null;
  reload: () => void;
  now: () => number;
}

function browserReload(): PageReload {
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage blocked: the reload still happens, without its guard against a loop.
  }
  return { storage, reload: () => window.location.reload(), now: Date.now };
}

/**
 * Loads, and tries once more if that fails (a network hiccup). When the second try fails too,
 * the page is most likely older than the deploy that removed its chunks: only a fresh page names
 * the new ones, so it reloads, once a minute at most. Undefined when it did not load.
 */
export async function loadOrReload<T>(
  load: () => Promise<T>,
  page: PageReload = browserReload(),
): Promise<T | undefined> {
  try {
    return await load();
  } catch {
    try {
      return await load();
    } catch {
      const reloadedAt = Number(page.storage?.getItem(RELOADED_AT_KEY));
      if (reloadedAt && page.now() - reloadedAt < RELOAD_SPACING_MS) return undefined;
      page.storage?.setItem(RELOADED_AT_KEY, String(page.now()));
      page.reload();
      return undefined;
    }
  }
}

/**
 * The default export of a module loaded once it is wanted, null until it arrives. Unlike
 * React.lazy nothing suspends, so a module already loaded (or fetched early) shows at once:
 * React holds back the reveal of a suspended boundary for up to 300 ms to batch reveals, which
 * made the consent banner show about 200 ms after hydration instead of with it. Render it with
 * createElement: its identity is fixed once loaded, so it keeps its state across renders. A load
 * that fails is retried (see loadOrReload); `load` must not keep a failed promise (loadOnce).
 */
export function useLoadedComponent<Props>(
  load: () => Promise<{ default: ComponentType<Props> }>,
  isWanted: boolean,
): ComponentType<Props> | null {
  const [component, setComponent] = useState<ComponentType<Props> | null>(null);
  useEffect(() => {
    if (!isWanted || component) return;
    let isCurrent = true;
    void loadOrReload(load).then((module) => {
      if (module && isCurrent) setComponent(() => module.default);
    });
    return () => {
      isCurrent = false;
    };
  }, [load, isWanted, component]);
  return component;
}
