import { useEffect, useRef, useState } from "react";
import { findTools } from "~/client/api/client";
import { LOAD_MORE_STEP } from "~/lib/constants";
import type { ToolCard } from "~/lib/tool";
import type { BrowseFilters } from "./browse-href";

interface ListState {
  /** The listing this state belongs to; another listing starts again from the server's page. */
  key: string;
  /** A restored snapshot's tools, shown instead of the server's first page. */
  restored: ToolCard[] | null;
  /** Tools fetched with Load More. */
  more: ToolCard[];
  total: number | null;
  status: "idle" | "loading" | "failed";
}

const fresh = (key: string): ListState => ({
  key,
  restored: null,
  more: [],
  total: null,
  status: "idle",
});

/**
 * The tools shown for one listing: the server-rendered first page plus pages fetched with Load
 * More (9 at a time), or a restored snapshot. A different listing starts again at 21,
 * and an answer for a listing that is no longer shown is dropped.
 */
export function useToolList(
  key: string,
  filters: BrowseFilters,
  first: readonly ToolCard[],
  firstTotal: number,
) {
  const [state, setState] = useState(() => fresh(key));
  const current = state.key === key ? state : fresh(key);
  if (state.key !== key) setState(current);

  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), [key]);

  const tools = [...(current.restored ?? first), ...current.more];
  const total = current.total ?? firstTotal;

  async function loadMore() {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setState((state) => (state.key === key ? { ...state, status: "loading" } : state));
    try {
      const page = await findTools(
        {
          ...filters,
          subcategory: [...filters.subcategory],
          offset: tools.length,
          limit: LOAD_MORE_STEP,
        },
        controller.signal,
      );
      setState((state) => {
        if (state.key !== key) return state;
        const seen = new Set([...(state.restored ?? first), ...state.more].map((tool) => tool.id));
        const added = page.tools.filter((tool) => !seen.has(tool.id));
        return { ...state, more: [...state.more, ...added], total: page.total, status: "idle" };
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      console.warn("Load More failed", error);
      setState((state) => (state.key === key ? { ...state, status: "failed" } : state));
    }
  }

  function restore(restoredTools: ToolCard[], restoredTotal: number) {
    setState({ ...fresh(key), restored: restoredTools, total: restoredTotal });
  }

  return { tools, total, hasMore: tools.length < total, status: current.status, loadMore, restore };
}
