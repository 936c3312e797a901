import { plural } from "./tool";

// The compare table's rows, from the tools' full records. Nothing is invented: a value
// the tool does not have is null (shown as a dash), and a key feature one tool lists and another
// does not is "Not listed" for the other, never "No".

/** A compared tool as the page shows it; null where the record has no value. */
export interface ComparisonTool {
  id: string;
  slug: string;
  name: string;
  /** The tool's page. */
  path: string;
  image: string;
  category: string | null;
  subCategory: string | null;
  pricingModel: string | null;
  pricingAmount: string | null;
  /** Null until someone rated it. */
  rating: { average: number; count: number } | null;
  likes: number;
  views: number;
  keyFeatures: string[];
  hashtags: string[];
  /** An http(s) address, or null. */
  websiteUrl: string | null;
  /** ISO times. */
  createdAt: string;
  updatedAt: string;
}

export interface CompareCell {
  /** What the cell shows; null shows a dash. */
  text: string | null;
  /** An external link the text opens (the website). */
  href?: string;
}

export interface CompareRow {
  key: string;
  label: string;
  cells: CompareCell[];
  /** Every tool has the same value: the "differences only" switch hides the row. */
  isSame: boolean;
}

export interface CompareSection {
  key: string;
  /** Null for the section without a heading row. */
  title: string | null;
  rows: CompareRow[];
}

export const FEATURE_LISTED = "Listed";
export const FEATURE_NOT_LISTED = "Not listed";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

function row(key: string, label: string, cells: CompareCell[], sameBy = cells): CompareRow {
  const [first, ...others] = sameBy.map((cell) => cell.text);
  return { key, label, cells, isSame: others.every((text) => text === first) };
}

const cellsOf = (tools: readonly ComparisonTool[], text: (tool: ComparisonTool) => string | null) =>
  tools.map((tool) => ({ text: text(tool) }));

const hostOf = (url: string) => new URL(url).host.replace(/^www\./, "");

/** A feature's key: features match whatever their case and spacing. */
const featureKey = (feature: string) => feature.trim().replace(/\s+/g, " ").toLowerCase();

/** Every feature any of the tools lists, once each, in the order the tools list them. */
function featureRows(tools: readonly ComparisonTool[]): CompareRow[] {
  const labels = new Map<string, string>();
  const listedBy = tools.map((tool) => new Set(tool.keyFeatures.map(featureKey)));
  for (const tool of tools) {
    for (const feature of tool.keyFeatures) {
      const key = featureKey(feature);
      if (key && !labels.has(key)) labels.set(key, feature.trim());
    }
  }
  return [...labels].map(([key, label]) =>
    row(
      `feature:${key}`,
      label,
      listedBy.map((listed) => ({ text: listed.has(key) ? FEATURE_LISTED : FEATURE_NOT_LISTED })),
    ),
  );
}

/** The table's sections: the facts, then the key features (when any tool lists one). */
export function compareSections(tools: readonly ComparisonTool[]): CompareSection[] {
  const facts = [
    row(
      "category",
      "Category",
      cellsOf(tools, (tool) => tool.category),
    ),
    row(
      "subcategory",
      "Subcategory",
      cellsOf(tools, (tool) => tool.subCategory),
    ),
    row(
      "pricing-model",
      "Pricing model",
      cellsOf(tools, (tool) => tool.pricingModel),
    ),
    row(
      "pricing-amount",
      "Price",
      cellsOf(tools, (tool) => tool.pricingAmount),
    ),
    row(
      "rating",
      "Rating",
      cellsOf(tools, (tool) =>
        tool.rating
          ? `${tool.rating.average.toFixed(1)} / 5 (${plural(tool.rating.count, "rating")})`
          : null,
      ),
    ),
    row(
      "likes",
      "Likes",
      cellsOf(tools, (tool) => tool.likes.toLocaleString("en-US")),
    ),
    row(
      "views",
      "Views",
      cellsOf(tools, (tool) => tool.views.toLocaleString("en-US")),
    ),
    row(
      "hashtags",
      "Hashtags",
      cellsOf(tools, (tool) =>
        tool.hashtags.length > 0 ? tool.hashtags.map((tag) => `#${tag}`).join(" ") : null,
      ),
      // The same tags in another order are the same value.
      cellsOf(tools, (tool) =>
        [...new Set(tool.hashtags.map((tag) => tag.toLowerCase()))].sort().join(" "),
      ),
    ),
    row(
      "website",
      "Website",
      tools.map((tool) =>
        tool.websiteUrl ? { text: hostOf(tool.websiteUrl), href: tool.websiteUrl } : { text: null },
      ),
      cellsOf(tools, (tool) => tool.websiteUrl),
    ),
    row(
      "created",
      "Date added",
      cellsOf(tools, (tool) => dateFormat.format(new Date(tool.createdAt))),
    ),
    row(
      "updated",
      "Last updated",
      cellsOf(tools, (tool) => dateFormat.format(new Date(tool.updatedAt))),
    ),
  ];
  const features = featureRows(tools);
  return [
    { key: "facts", title: null, rows: facts },
    ...(features.length > 0 ? [{ key: "features", title: "Key features", rows: features }] : []),
  ];
}
