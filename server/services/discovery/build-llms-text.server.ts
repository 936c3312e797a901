import {
  ATOM_FEED_PATH,
  BROWSE_PATH,
  categoryPath,
  RSS_FEED_PATH,
  SITEMAP_PATH,
  subCategoryPath,
  toolPath,
} from "~/lib/paths";
import { SITE_NAME } from "~/lib/seo";
import type { CatalogueSnapshot } from "#server/snapshot/snapshot.server";
import { FEED_SIZE } from "./build-feeds.server";

/** Text on one line, safe inside a markdown link's text. */
function linkText(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\\[\]]/g, "\\$&");
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * /llms.txt (llmstxt.org): the site's title and summary, its category listings with their
 * subcategories, the top tools, and where the whole catalogue is listed.
 */
export function buildLlmsText(snapshot: CatalogueSnapshot, appUrl: string): string {
  const origin = new URL(appUrl).origin;
  const link = (label: string, path: string) => `[${linkText(label)}](${origin}${path})`;
  const count = snapshot.tools.length;
  const tools = (n: number) => `${n} ${n === 1 ? "tool" : "tools"}`;
  const lines = [
    `# ${SITE_NAME}`,
    "",
    `> A directory of ${count} AI ${count === 1 ? "tool" : "tools"} for business (marketing, ` +
      "sales, support, finance, HR, operations and more), with descriptions, pricing, ratings " +
      "and side-by-side comparisons.",
    "",
    `Every tool has its own page under ${origin}${BROWSE_PATH}/{category}/{subcategory}/{tool}; ` +
      "comparisons of two to four tools are at /compare/{tool-a}-vs-{tool-b}.",
    "",
    "## Categories",
    "",
    `- ${link("All AI tools", BROWSE_PATH)}: all ${tools(count)}, searchable and sortable`,
  ];
  let categorised = 0;
  for (const category of snapshot.taxonomy) {
    const subcategories = category.subcategories.map((sub) =>
      link(sub.name, subCategoryPath(category.name, sub.name)),
    );
    categorised += category.count;
    lines.push(
      `- ${link(category.name, categoryPath(category.name))}: ${tools(category.count)}` +
        (subcategories.length ? `; ${subcategories.join(", ")}` : ""),
    );
  }
  // Tools in no category have no listing of their own (no /ai-tools/uncategorized): they are
  // named here so the counts add up to the total, and reached through all tools.
  const uncategorised = count - categorised;
  if (uncategorised > 0) {
    lines.push(
      `- ${link("Uncategorised tools", BROWSE_PATH)}: ${tools(uncategorised)} in no category, ` +
        "listed with all AI tools",
    );
  }
  lines.push("", "## Top tools", "");
  for (const tool of snapshot.topTools) {
    const description = oneLine(tool.cardDescription);
    lines.push(`- ${link(tool.name, toolPath(tool))}${description ? `: ${description}` : ""}`);
  }
  lines.push(
    "",
    "## Optional",
    "",
    `- ${link("Sitemap", SITEMAP_PATH)}: every listing, tool and comparison page`,
    `- ${link("RSS feed", RSS_FEED_PATH)}: the ${FEED_SIZE} tools most recently added`,
    `- ${link("Atom feed", ATOM_FEED_PATH)}: the same tools as Atom`,
    "",
  );
  return lines.join("\n");
}
