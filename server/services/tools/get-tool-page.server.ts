import { and, eq, sql } from "drizzle-orm";
import type { ToolCard, ToolPageDetail } from "~/lib/tool";
import { tools } from "../../db/schema";
import type { Database } from "../../db/client.server";
import type { Logger } from "../../logger.server";
import { preparedPerDatabase } from "./prepared-per-database.server";
import { renderMarkdown } from "./render-markdown.server";
import { toToolDetailFields } from "./tool-shapes.server";

export interface ToolPageData {
  tool: ToolPageDetail;
  longDescriptionHtml: string;
}

// Only what the card lacks: the card comes from the catalogue snapshot, like the rest of the page.
const readDetailFields = preparedPerDatabase((db) =>
  db
    .select({
      status: tools.status,
      updatedAt: tools.updatedAt,
      ratingCount: tools.ratingCount,
      longDescription: tools.longDescription,
      keyFeatures: tools.keyFeatures,
      hashtags: tools.hashtags,
      websiteUrl: tools.websiteUrl,
      seoTitleTag: tools.seoTitleTag,
      seoMetaDescription: tools.seoMetaDescription,
      metaDescription: tools.metaDescription,
      mainImage: tools.mainImage,
      image: tools.image,
    })
    .from(tools)
    .where(and(eq(tools.id, sql.placeholder("id")), eq(tools.status, "online")))
    .limit(1)
    .prepare("read_tool_page"),
);

/**
 * What the tool page shows for this online tool: its card with every detail field, and its long
 * description as safe HTML only (the page carries its data a second time for hydration; the
 * Markdown source would be a third copy). Null when the tool is no longer online.
 */
export async function getToolPage(
  db: Database,
  card: ToolCard,
  logger?: Pick<Logger, "warn">,
): Promise<ToolPageData | null> {
  const [row] = await readDetailFields(db).execute({ id: card.id });
  if (!row) return null;
  const { longDescription, ...fields } = toToolDetailFields(row);
  return {
    tool: { ...card, ...fields },
    longDescriptionHtml: renderMarkdown(longDescription, logger),
  };
}

const MAX_KEPT_PAGES = 500;

/**
 * getToolPage, keeping the pages of the tools shown most recently. Each is kept with the snapshot
 * card it was read for, and the snapshot replaces a tool's card whenever anything about the tool
 * changes (an edit, its status, its like or view counts): a page whose card is no longer the
 * current one is read again, so it is never older than the rest of the page. The database read
 * is most of a tool page's render on PGlite, and signed-in views are always rendered. Bounded:
 * the snapshot leaves long text out of memory on purpose; only the pages people read are kept.
 */
export function createToolPageReader(db: Database, logger?: Pick<Logger, "warn">) {
  const kept = new Map<string, { card: ToolCard; page: ToolPageData }>();
  return async function readToolPage(card: ToolCard): Promise<ToolPageData | null> {
    const entry = kept.get(card.id);
    kept.delete(card.id);
    if (entry?.card === card) {
      kept.set(card.id, entry);
      return entry.page;
    }
    const page = await getToolPage(db, card, logger);
    if (!page) return null;
    if (kept.size >= MAX_KEPT_PAGES) {
      const [oldest] = kept.keys();
      if (oldest !== undefined) kept.delete(oldest);
    }
    kept.set(card.id, { card, page });
    return page;
  };
}
