import { FACTS, type FactKey, type ToolFacts } from "./buyer-facts";
import {
  factText,
  INTEGRATION_FACT_KEYS,
  PRICING_FACT_KEYS,
  SECURITY_FACT_KEYS,
  UNKNOWN_FACT,
} from "./fact-sections";
import {
  formatPlanPrice,
  formatStartingPrice,
  type PricingPlan,
  type StartingPrice,
} from "./pricing-plans";
import { plural } from "./tool";

// The compare table's rows, from the tools' full records. Nothing is invented: a value
// the tool does not have is null (shown as a dash), and a key feature one tool lists and another
// does not is "Not listed" for the other, never "No"; a buyer fact no source states is "Unknown"
// (decision 030).

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
  /** The cheapest plan per user (or flat) per month, when the tool has plans. */
  startingPrice: StartingPrice | null;
  plans: PricingPlan[];
  facts: ToolFacts;
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

/** A list fact's items in one order, so the same items in another order are the same value. */
const sameByOf = (tools: readonly ComparisonTool[], key: FactKey) =>
  cellsOf(tools, (tool) => {
    const value = tool.facts[key]?.value;
    return Array.isArray(value) ? [...value].sort().join(",") : factText(tool.facts, key);
  });

function factRows(tools: readonly ComparisonTool[], keys: readonly FactKey[]): CompareRow[] {
  return keys.map((key) =>
    row(
      `fact:${key}`,
      FACTS[key].label,
      cellsOf(tools, (tool) => factText(tool.facts, key)),
      sameByOf(tools, key),
    ),
  );
}

const planText = (plan: PricingPlan) => `${plan.name}: ${formatPlanPrice(plan)}`;

/** The buyer facts' sections, as the tool page groups them; every key, known or not. */
function buyerFactSections(tools: readonly ComparisonTool[]): CompareSection[] {
  return [
    {
      key: "security",
      title: "Security & compliance",
      rows: factRows(tools, SECURITY_FACT_KEYS),
    },
    { key: "integrations", title: "Integrations", rows: factRows(tools, INTEGRATION_FACT_KEYS) },
    {
      key: "pricing",
      title: "Pricing plans",
      rows: [
        row(
          "plans",
          "Plans",
          cellsOf(tools, (tool) =>
            tool.plans.length > 0 ? tool.plans.map(planText).join("; ") : UNKNOWN_FACT,
          ),
        ),
        ...factRows(tools, PRICING_FACT_KEYS),
      ],
    },
  ];
}

/**
 * The table's sections: the listing's facts, the buyer facts (security and compliance,
 * integrations, pricing plans), then the key features (when any tool lists one).
 */
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
      // The starting price from the plans where known, the listing's own words otherwise.
      cellsOf(tools, (tool) =>
        tool.startingPrice ? formatStartingPrice(tool.startingPrice) : tool.pricingAmount,
      ),
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
    ...buyerFactSections(tools),
    ...(features.length > 0 ? [{ key: "features", title: "Key features", rows: features }] : []),
  ];
}
