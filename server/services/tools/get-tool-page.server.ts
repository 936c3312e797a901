import type { ToolDetail } from "~/lib/tool";
import type { Database } from "../../db/client.server";
import type { Logger } from "../../logger.server";
import { getToolDetail } from "./get-tool-detail.server";
import { renderMarkdown } from "./render-markdown.server";

export interface ToolPageData {
  tool: ToolDetail;
  longDescriptionHtml: string;
}

/** What the tool page shows: the full record, and its long description as safe HTML. */
export async function getToolPage(
  db: Database,
  id: string,
  logger?: Pick<Logger, "warn">,
): Promise<ToolPageData | null> {
  const tool = await getToolDetail(db, id);
  if (!tool) return null;
  return { tool, longDescriptionHtml: renderMarkdown(tool.longDescription, logger) };
}
