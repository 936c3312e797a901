import type { Platform } from "~/lib/buyer-facts";

// Public lists of AI tools name their columns their own way (official_url, pricing_model,
// platform, open_source, api_available, last_verified). A row that uses them is read as if it
// used ours, so such a list imports as it is; the facts it gives are an import's, checked on its
// last_verified day when it has one (docs/api.md, "Import and export").

/** Each public column and the column of ours it fills (last_verified dates the facts). */
export const PUBLIC_LIST_COLUMNS = {
  official_url: "websiteUrl",
  primary_category: "category",
  secondary_category: "subCategory",
  short_description: "cardDescription",
  pricing_model: "pricing.model",
  platform: "facts.platforms",
  open_source: "facts.open-source",
  api_available: "facts.api",
  last_verified: "the checked date of the facts above",
} as const;

type PublicColumn = keyof typeof PUBLIC_LIST_COLUMNS;
const RENAMED = {
  official_url: "websiteUrl",
  primary_category: "category",
  secondary_category: "subCategory",
  short_description: "cardDescription",
} as const satisfies Partial<Record<PublicColumn, string>>;

const PLATFORM_NAMES: Record<string, Platform | null> = {
  web: "web",
  windows: "windows",
  macos: "macos",
  linux: "linux",
  ios: "ios",
  android: "android",
  api: "api",
  "browser extension": "chrome-extension",
  // Platforms the directory's vocabulary does not have: left out, as unknown.
  cli: null,
  "vs code": null,
  jetbrains: null,
  discord: null,
};

const PRICING_NAMES = ["free", "freemium", "paid", "open source", "free trial"];

export const isPublicListColumn = (column: string): column is PublicColumn =>
  Object.hasOwn(PUBLIC_LIST_COLUMNS, column);

/** "Web; API" (CSV) or ["Web", "API"] (JSON) as its items in lower case. */
function itemsOf(cell: unknown): string[] {
  const items = Array.isArray(cell) ? cell.map(String) : String(cell).split(/[;|]/);
  return items.map((item) => item.trim().toLowerCase()).filter(Boolean);
}

function yesNoOf(column: string, cell: unknown): "yes" | "no" | { problem: string } {
  const text = String(cell).trim().toLowerCase();
  if (text === "true") return "yes";
  if (text === "false") return "no";
  return { problem: `${column}: "${String(cell)}" must be true or false.` };
}

/** The spec's pricing model the list's labels say: free and paid plans make Freemium. */
function pricingModelOf(items: readonly string[]): "Free" | "Freemium" | "Paid" | null {
  const free = items.includes("free");
  const paid = items.includes("paid");
  if (items.includes("freemium") || (free && paid)) return "Freemium";
  if (free) return "Free";
  return paid ? "Paid" : null;
}

const isGiven = (cell: unknown) =>
  cell !== null && cell !== undefined && !(typeof cell === "string" && cell.trim() === "");

/**
 * A row's values with the public columns turned into ours; a problem names the column and value
 * (a value outside the list's vocabulary, or a column given under both names).
 */
export function fromPublicListColumns(values: Record<string, unknown>): {
  values: Record<string, unknown>;
  problems: string[];
} {
  const publicColumns = Object.keys(values).filter(isPublicListColumn);
  if (publicColumns.length === 0) return { values, problems: [] };
  const out: Record<string, unknown> = { ...values };
  const problems: string[] = [];
  const facts: Record<string, unknown> = { ...(values.facts as object | undefined) };
  for (const column of publicColumns) delete out[column];

  for (const [from, to] of Object.entries(RENAMED)) {
    if (!(from in values)) continue;
    if (isGiven(values[to])) problems.push(`${from}: the row also gives ${to}; keep one of them.`);
    else out[to] = values[from];
  }
  const verified = isGiven(values.last_verified) ? String(values.last_verified).trim() : null;
  const setFact = (column: string, key: string, value: unknown) => {
    if (isGiven(facts[key])) {
      problems.push(`${column}: the row also gives facts.${key}; keep one of them.`);
      return;
    }
    facts[key] = verified
      ? { value, source: "import", evidenceUrl: null, quote: null, checkedAt: verified }
      : value;
  };

  for (const [column, key] of [
    ["open_source", "open-source"],
    ["api_available", "api"],
  ] as const) {
    if (!isGiven(values[column])) continue;
    const answer = yesNoOf(column, values[column]);
    if (typeof answer === "object") problems.push(answer.problem);
    else setFact(column, key, answer);
  }
  if (isGiven(values.platform)) {
    const platforms: Platform[] = [];
    for (const item of itemsOf(values.platform)) {
      if (!Object.hasOwn(PLATFORM_NAMES, item)) {
        problems.push(
          `platform: "${item}" is not a platform this directory knows (Web, Windows, macOS, Linux, iOS, Android, API, Browser Extension; CLI, VS Code, JetBrains and Discord are left out).`,
        );
      } else if (PLATFORM_NAMES[item]) platforms.push(PLATFORM_NAMES[item]);
    }
    if (platforms.length > 0) setFact("platform", "platforms", [...new Set(platforms)]);
  }
  if (isGiven(values.pricing_model)) {
    const items = itemsOf(values.pricing_model);
    const unknown = items.find((item) => !PRICING_NAMES.includes(item));
    if (unknown) {
      problems.push(
        `pricing_model: "${unknown}" is not one of Free, Freemium, Paid, Open Source, Free Trial.`,
      );
    } else if ((values.pricing as { model?: unknown } | undefined)?.model) {
      problems.push("pricing_model: the row also gives pricing.model; keep one of them.");
    } else if (pricingModelOf(items)) {
      // "Open Source" or "Free Trial" alone says nothing of the price: the model is left as it is.
      out.pricing = { ...(values.pricing as object | undefined), model: pricingModelOf(items) };
    }
  }
  if (Object.keys(facts).length > 0) out.facts = facts;
  return { values: out, problems };
}
