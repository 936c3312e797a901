import type { ToolPageDetail } from "~/lib/tool";
import type { Database } from "#server/db/client.server";
import type { Logger } from "#server/core/logger.server";
import { getToolDetail } from "./get-tool-detail.server";
import { renderMarkdown } from "./render-markdown.server";

export interface ToolPageData {
  tool: ToolPageDetail;
  longDescriptionHtml: string;
}

/**
 * What the tool page shows: the full record, and its long description as safe HTML only (the page
 * carries its data a second time for hydration; the Markdown source would be a third copy).
 */
export async function getToolPage(
  db: Database,
  id: string,
  logger?: Pick<Logger, "warn">,
): Promise<ToolPageData | null> {
  const detail = await getToolDetail(db, id);
  if (!detail) return null;
  const { longDescription, ...tool } = detail;
  return { tool, longDescriptionHtml: await renderMarkdown(longDescription, logger) };
}
