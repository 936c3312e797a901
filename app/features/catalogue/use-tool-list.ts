import { useState } from "react";
import { LOAD_MORE_STEP } from "~/lib/constants";
import type { ToolCard } from "~/lib/tool";
import { apiToolsUrl, type BrowseFilters } from "./browse-href";

interface ListPart {
  /** The listing these tools belong to; a new listing starts again from the server's page. */
  key: string;
  tools: ToolCard[];
  total?: number;
}

/**
 * The tools shown for one listing: the server-rendered first page, plus pages fetched with Load
 * More (spec 4: 9 at a time), or a restored snapshot. A different listing starts again at 21.
 */
export function useToolList(
  key: string,
  filters: BrowseFilters,
  first: readonly ToolCard[],
  total: number,
) {
  const [base, setBase] = useState<ListPart | null>(null);
  const [more, setMore] = useState<ListPart>({ key, tools: [] });
  const [status, setStatus] = useState<"idle" | "loading" | "failed">("idle");

  const restored = base?.key === key ? base : null;
  const loaded = more.key === key ? more.tools : [];
  const tools = [...(restored?.tools ?? first), ...loaded];
  const listTotal =
    more.key === key && more.total !== undefined ? more.total : (restored?.total ?? total);

  async function loadMore() {
    setStatus("loading");
    try {
      const response = await fetch(apiToolsUrl(filters, tools.length, LOAD_MORE_STEP));
      if (!response.ok) throw new Error(`GET /api/tools answered ${response.status}`);
      const page = (await response.json()) as { tools: ToolCard[]; total: number };
      const seen = new Set(tools.map((tool) => tool.id));
      setMore({
        key,
        tools: [...loaded, ...page.tools.filter((tool) => !seen.has(tool.id))],
        total: page.total,
      });
      setStatus("idle");
    } catch (error) {
      console.warn("Load More failed", error);
      setStatus("failed");
    }
  }

  function restore(restoredTools: ToolCard[], restoredTotal: number) {
    setBase({ key, tools: restoredTools, total: restoredTotal });
    setMore({ key, tools: [] });
  }

  return { tools, total: listTotal, hasMore: tools.length < listTotal, status, loadMore, restore };
}
