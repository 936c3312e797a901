import { z } from "zod";
import { shownText } from "~/lib/plain-text";
import { slugify, uniqueSlug } from "~/lib/slug";
import { fieldErrorsOf } from "~/lib/field-errors";
import { toolInputSchema, type ToolInput } from "~/lib/tool-input";
import type { NewToolRow, ToolRow } from "#server/db/schema";
import { newToolId } from "../admin/save-tool.server";
import {
  changedColumns,
  inputToColumns,
  rowToInput,
  takenSlugsOf,
  type WrittenColumns,
} from "../admin/tool-input-rows.server";
import type { ImportProblem } from "~/lib/catalogue-import";
import { readFactCells, readPlansCell } from "./fact-cells.server";
import type { FileRow } from "./read-catalogue-file.server";

// Import plan: what each row of a file would do to the catalogue. The dry run shows it;
// the real run writes it only when no row is rejected (all-or-nothing).

export type MatchedBy = "id" | "website" | "slug";

export interface PlannedWrite {
  row: number;
  kind: "create" | "update";
  matchedBy: MatchedBy | null;
  /** The whole row as it will be stored. */
  values: NewToolRow & { id: string; slug: string };
  /** The fields an update changes, by their spec names (empty for a new tool). */
  changed: string[];
}

export interface ImportPlan {
  rows: number;
  writes: PlannedWrite[];
  unchanged: { row: number; id: string; name: string }[];
  rejected: ImportProblem[];
}

const blank = (value: unknown) => (value === "" || value === null ? undefined : value);
const KEY = /^[\w-]{1,100}$/;
/** The largest value of the integer counter columns. */
const MAX_COUNT = 2_147_483_647;

/** The columns beside a tool's fields: how to match it, and what only a new tool takes. */
const rowExtrasSchema = z.object({
  id: z.preprocess(
    blank,
    z.string().regex(KEY, "An id holds letters, digits, _ and - (at most 100).").optional(),
  ),
  slug: z.preprocess(
    blank,
    z.string().regex(KEY, "A slug holds letters, digits, _ and - (at most 100).").optional(),
  ),
  createdAt: z.preprocess(
    blank,
    z.coerce
      .date({ error: "createdAt must be a date such as 2026-01-31T09:30:00Z." })
      .min(new Date("1970-01-01T00:00:00Z"), "createdAt must be after 1970.")
      .max(new Date("2999-12-31T23:59:59Z"), "createdAt must be before the year 3000.")
      .optional(),
  ),
  views: z.preprocess(
    blank,
    z.coerce
      .number({ error: "views must be a number." })
      .int("views must be a whole number.")
      .min(0, "views cannot be negative.")
      .max(MAX_COUNT, `views can be at most ${MAX_COUNT.toLocaleString("en-US")}.`)
      .optional(),
  ),
  rating_avg: z.preprocess(
    blank,
    z.coerce
      .number({ error: "rating_avg must be a number." })
      .min(0, "rating_avg must be between 0 and 5.")
      .max(5, "rating_avg must be between 0 and 5.")
      .optional(),
  ),
});

const INPUT_KEYS = new Set(Object.keys(toolInputSchema.shape));

/** Website addresses match whatever their scheme, "www.", case of host or trailing slash. */
export function websiteKey(url: unknown): string | null {
  if (typeof url !== "string" || url.trim() === "") return null;
  try {
    const parsed = new URL(url.trim());
    const host = parsed.hostname.toLowerCase().replace(/^www\./, "");
    return `${host}${parsed.pathname.replace(/\/+$/, "")}${parsed.search}`;
  } catch {
    return null;
  }
}

/**
 * The row's tool fields, with its fact cells and plans cell read (fact-cells.server.ts); a cell
 * that is not the JSON it starts as is a problem.
 */
function inputPart(
  values: Record<string, unknown>,
  today: string,
): { part: Record<string, unknown>; problems: string[] } {
  const part: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (!INPUT_KEYS.has(key)) continue;
    // An empty status or list cell means "not given" / "none", as a person filling a sheet means it.
    if (key === "status" && value === null) continue;
    if (key === "facts" && value && typeof value === "object" && !Array.isArray(value)) {
      const read = readFactCells(value as Record<string, unknown>, today);
      part.facts = read.facts;
      problems.push(...read.problems);
    } else if (key === "plans") {
      const read = readPlansCell(value);
      if ("problem" in read) problems.push(read.problem);
      else part.plans = read.plans;
    } else {
      part[key] = (key === "hashtags" || key === "keyFeatures") && value === null ? [] : value;
    }
  }
  return { part, problems };
}

/**
 * The existing tool's fields with the row's on top (nested pricing, seo and facts merge per key:
 * a fact the row leaves out is kept, one it gives as empty or "unknown" is removed).
 */
function mergedInput(base: ToolInput, part: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(part)) {
    merged[key] =
      (key === "pricing" || key === "seo" || key === "facts") && value && typeof value === "object"
        ? { ...(base[key] as object), ...value }
        : value;
  }
  return merged;
}

/** The day of the import (UTC), the checked date of the facts a file gives bare. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

function reasonsOf(error: z.ZodError): string[] {
  return Object.entries(fieldErrorsOf(error)).map(([field, message]) => `${field}: ${message}`);
}

function nameOf(values: Record<string, unknown>): string | null {
  return typeof values.name === "string" && values.name.trim() ? values.name.trim() : null;
}

/**
 * Matches each row to a tool (by id, else website address, else slug), validates it with the
 * form's schema, and decides: create, update, unchanged, or rejected with reasons. A row that
 * would repeat an earlier row's tool is rejected, so a file cannot fight itself.
 */
export function planImport(
  rows: readonly FileRow[],
  existing: readonly ToolRow[],
  today: string = todayUtc(),
): ImportPlan {
  const byId = new Map(existing.map((tool) => [tool.id, tool]));
  const bySlug = new Map(existing.map((tool) => [tool.slug, tool]));
  /** Tools by their name's slug: "Alpha" stored as alpha-2 (its slug was taken) is still Alpha. */
  const byNameSlug = new Map<string, ToolRow[]>();
  for (const tool of existing) {
    const key = slugify(tool.name);
    byNameSlug.set(key, [...(byNameSlug.get(key) ?? []), tool]);
  }
  /** The tool whose slug is this one, then the tools of this name whatever suffix they got. */
  const slugFamily = (nameSlug: string) => [
    bySlug.get(nameSlug),
    ...(byNameSlug.get(nameSlug) ?? []).filter((tool) => tool.slug !== nameSlug),
  ];
  const byWebsite = new Map<string, ToolRow>();
  for (const tool of existing) {
    const key = websiteKey(tool.websiteUrl);
    if (key && !byWebsite.has(key)) byWebsite.set(key, tool);
  }
  const taken = takenSlugsOf(existing);
  const toolSlugs = new Set(existing.map((tool) => tool.slug));
  /** Which row already claimed a tool (by id) or a new tool's keys. */
  const claimedBy = new Map<string, number>();
  const plan: ImportPlan = { rows: rows.length, writes: [], unchanged: [], rejected: [] };

  for (const { number, values, problem } of rows) {
    const name = nameOf(values);
    // A problem repeats the file's text, which may hold characters the import_jobs row cannot.
    const reject = (reasons: string[]) =>
      plan.rejected.push({
        row: number,
        name: name === null ? null : shownText(name),
        reasons: reasons.map(shownText),
      });
    if (problem) {
      reject([problem]);
      continue;
    }
    const extras = rowExtrasSchema.safeParse(values);
    const { part, problems } = inputPart(values, today);
    if (!extras.success || problems.length > 0) {
      // Say everything wrong with the row at once: its extra columns, its cells and its fields.
      const fields = toolInputSchema.safeParse(part);
      reject([
        ...(extras.success ? [] : extras.error.issues.map((issue) => issue.message)),
        ...problems,
        ...(fields.success ? [] : reasonsOf(fields.error)),
      ]);
      continue;
    }
    const { id, slug, createdAt, views, rating_avg: ratingAvg } = extras.data;
    const website = websiteKey(values.websiteUrl);
    const rowSlug = slug ?? (name ? slugify(name) : undefined);
    const matchOf = (): [ToolRow, MatchedBy] | null => {
      if (id && byId.has(id)) return [byId.get(id)!, "id"];
      if (website && byWebsite.has(website)) return [byWebsite.get(website)!, "website"];
      if (!rowSlug) return null;
      const candidates = slug ? [bySlug.get(slug)] : slugFamily(rowSlug);
      const tool = bestBySlug(candidates, website, (tool) => claimedBy.has(`tool:${tool.id}`));
      return tool ? [tool, "slug"] : null;
    };
    const found = matchOf();

    const parsed = toolInputSchema.safeParse(
      found ? mergedInput(rowToInput(found[0]), part) : part,
    );
    if (!parsed.success) {
      reject(reasonsOf(parsed.error));
      continue;
    }
    const input = parsed.data;
    const listingClash = [input.category, input.subCategory].find(
      (listing) =>
        listing &&
        toolSlugs.has(slugify(listing)) &&
        bySlug.get(slugify(listing))?.id !== found?.[0].id,
    );
    if (listingClash) {
      reject([`The address of "${listingClash}" is already a tool's; choose another name.`]);
      continue;
    }

    if (found) {
      const [tool, matchedBy] = found;
      const earlier = claimedBy.get(`tool:${tool.id}`);
      if (earlier) {
        reject([`Row ${earlier} already changes this tool (matched by ${matchedBy}).`]);
        continue;
      }
      claimedBy.set(`tool:${tool.id}`, number);
      const columns = inputToColumns(input);
      const changed = changedColumns(tool, columns);
      if (changed.length === 0) {
        plan.unchanged.push({ row: number, id: tool.id, name: tool.name });
        continue;
      }
      plan.writes.push({
        row: number,
        kind: "update",
        matchedBy,
        values: { ...tool, ...columns },
        changed: changed.map((column) => SPEC_NAMES[column] ?? column),
      });
      continue;
    }

    // Two rows with different websites are different tools, even when their names make one slug.
    const keys: [string, string][] = [];
    if (id) keys.push(["id", `id:${id}`]);
    if (website) keys.push(["website", `website:${website}`]);
    else if (rowSlug) keys.push(["name", `slug:${rowSlug}`]);
    const repeat = keys.find(([, key]) => claimedBy.has(key));
    if (repeat) {
      reject([`Row ${claimedBy.get(repeat[1])} already adds this tool (the same ${repeat[0]}).`]);
      continue;
    }
    for (const [, key] of keys) claimedBy.set(key, number);
    for (const listing of [input.category, input.subCategory])
      if (listing) taken.add(slugify(listing));
    const newSlug = uniqueSlug(input.name, taken);
    taken.add(newSlug);
    toolSlugs.add(newSlug);
    const newId = id ?? newToolId();
    plan.writes.push({
      row: number,
      kind: "create",
      matchedBy: null,
      values: {
        id: newId,
        slug: newSlug,
        source: "import",
        ...inputToColumns(input),
        ...(createdAt && { createdAt, updatedAt: createdAt }),
        views: views ?? 0,
        ratingAvg: ratingAvg ?? 0,
      },
      changed: [],
    });
  }
  return plan;
}

/**
 * The tool a row names by its slug. A website says otherwise when both have one (they differ, or
 * the website would have matched): that is another tool sharing a name. A tool an earlier row
 * took is not taken twice, and a row without a website prefers a tool without one, so a file
 * holding "Alpha" with and without a website imports the same way every time.
 */
function bestBySlug(
  candidates: readonly (ToolRow | undefined)[],
  rowWebsite: string | null,
  isClaimed: (tool: ToolRow) => boolean,
): ToolRow | undefined {
  const open = candidates.filter(
    (tool): tool is ToolRow =>
      !!tool && !isClaimed(tool) && (!rowWebsite || !websiteKey(tool.websiteUrl)),
  );
  return open.find((tool) => !rowWebsite && !websiteKey(tool.websiteUrl)) ?? open[0];
}

/** The names of columns stored under other names. */
const SPEC_NAMES: Partial<Record<keyof WrittenColumns, string>> = {
  pricingModel: "pricing.model",
  pricingAmount: "pricing.amount",
  seoTitleTag: "seo.titleTag",
  seoMetaDescription: "seo.metaDescription",
};
