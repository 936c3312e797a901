import { Link } from "react-router";
import { Breadcrumbs, type Crumb } from "~/components/breadcrumbs";
import { CategoryChips } from "~/components/category-chips";
import { SearchForm } from "~/components/search-form";
import { ToolCard } from "~/components/tool-card";
import type { CategoryEntry } from "~/lib/category-stats";
import {
  ALL_CATEGORIES,
  INITIAL_VISIBLE_TOOLS,
  LOAD_MORE_STEP,
  MAX_PAGE_SIZE,
  MIN_SEARCH_LENGTH,
} from "~/lib/constants";
import { BROWSE_PATH } from "~/lib/paths";
import { plural, type ToolCard as ToolCardData } from "~/lib/tool";
import type { ToolQuery } from "~/lib/tool-query";

export interface BrowsePageProps {
  title: string;
  description: string;
  crumbs: readonly Crumb[];
  query: ToolQuery;
  tools: readonly ToolCardData[];
  total: number;
  totalInAllCategories: number;
  elapsedMs: number;
  facets: readonly CategoryEntry[];
  /** The page's own path: /ai-tools, or a category or subcategory listing. */
  basePath: string;
  /** Filters the path itself sets, left out of this page's links. */
  presetKeys?: readonly ("category" | "subcategory")[];
}

type LinkChanges = Partial<Pick<ToolQuery, "category" | "subcategory" | "search" | "limit">>;

/** A link that keeps every filter of `query` but the changed ones (and drops any offset). */
function hrefWith(
  path: string,
  query: ToolQuery,
  changes: LinkChanges,
  omit: readonly string[] = [],
): string {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.category !== ALL_CATEGORIES && !omit.includes("category")) {
    params.set("category", next.category);
  }
  if (!omit.includes("subcategory")) {
    for (const sub of next.subcategory) params.append("subcategory", sub);
  }
  if (next.search) params.set("search", next.search);
  if (next.sort) params.set("sort", next.sort);
  if (next.pricing !== "All Pricing") params.set("pricing", next.pricing);
  if (next.limit !== INITIAL_VISIBLE_TOOLS) params.set("limit", String(next.limit));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export function BrowsePage(props: BrowsePageProps) {
  const { title, description, crumbs, query, tools, total, elapsedMs, facets, basePath } = props;
  const isSearching = query.search.trim().length >= MIN_SEARCH_LENGTH;
  const current = facets.find((category) => category.name === query.category);
  const hasMore = tools.length < total;
  // Chips lead to /ai-tools with the chosen filter; the visible count starts again at 21 (spec 4).
  const chipHref = (changes: LinkChanges) =>
    hrefWith(BROWSE_PATH, query, { limit: INITIAL_VISIBLE_TOOLS, ...changes });

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <Breadcrumbs items={crumbs} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-950 sm:text-4xl">{title}</h1>
      <p className="mt-2 max-w-3xl text-slate-600">{description}</p>

      <div className="mt-6 max-w-2xl">
        <SearchForm
          key={query.search}
          defaultValue={query.search}
          hidden={{
            ...(query.category !== ALL_CATEGORIES && { category: query.category }),
            ...(query.pricing !== "All Pricing" && { pricing: query.pricing }),
          }}
        />
      </div>

      <div className="mt-6">
        <CategoryChips
          label="Categories"
          items={[
            {
              name: ALL_CATEGORIES,
              slug: "all",
              count: props.totalInAllCategories,
              href: chipHref({ category: ALL_CATEGORIES, subcategory: [] }),
              isCurrent: query.category === ALL_CATEGORIES,
            },
            ...facets.map((category) => ({
              ...category,
              href: chipHref({ category: category.name, subcategory: [] }),
              isCurrent: category.name === query.category,
            })),
          ]}
        />
      </div>
      {current && current.subcategories.length > 0 && (
        <div className="mt-4">
          <h2 className="mb-2 text-sm font-semibold text-slate-700">
            Subcategories of {current.name}
          </h2>
          <CategoryChips
            label={`Subcategories of ${current.name}`}
            items={current.subcategories.map((sub) => ({
              ...sub,
              href: chipHref({ category: current.name, subcategory: [sub.name] }),
              isCurrent: query.subcategory.includes(sub.name),
            }))}
          />
        </div>
      )}

      <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <p className="text-slate-600" aria-live="polite">
          {isSearching
            ? `${plural(total, "result")} for "${query.search}" (${elapsedMs} ms)`
            : `Showing ${tools.length} of ${total} tools`}
        </p>
        {query.search && (
          <Link
            to={hrefWith(
              basePath,
              query,
              { search: "", limit: INITIAL_VISIBLE_TOOLS },
              props.presetKeys,
            )}
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            Clear search
          </Link>
        )}
      </div>

      <h2 className="sr-only">Tools</h2>
      {tools.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-lg font-semibold text-slate-900">
            {isSearching ? `No tools found for "${query.search}"` : "No tools match your filters"}
          </p>
          <p className="mt-2 text-slate-600">
            {isSearching
              ? "Try fewer or shorter words, check the spelling, or search in all categories."
              : "Try another category or pricing option, or clear the filters."}
          </p>
          <Link to={BROWSE_PATH} className="mt-4 inline-block font-medium text-brand-700 underline">
            Reset All Filters
          </Link>
        </div>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {tools.map((tool, index) => (
            <li key={tool.id} className="flex">
              <ToolCard tool={tool} isPriority={index < 3} />
            </li>
          ))}
        </ul>
      )}

      {hasMore && (
        <div className="mt-10 text-center">
          <Link
            to={hrefWith(
              basePath,
              query,
              { limit: Math.min(tools.length + LOAD_MORE_STEP, MAX_PAGE_SIZE) },
              props.presetKeys,
            )}
            preventScrollReset
            className="inline-block rounded-xl border border-slate-300 bg-white px-6 py-3 font-semibold text-slate-900 shadow-sm hover:bg-slate-50"
          >
            Load More Tools
          </Link>
        </div>
      )}
    </div>
  );
}
