import { startTransition, useEffect, useOptimistic, useRef } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import { Breadcrumbs, type Crumb } from "~/components/breadcrumbs";
import { CategoryChips } from "~/components/category-chips";
import { ChipTicker } from "~/components/chip-ticker";
import { ToolCard } from "~/components/tool-card";
import { isToolNavigation } from "~/components/use-open-tool";
import { currentPath, track } from "~/client/analytics/track";
import type { FactFacet } from "~/lib/api/contract";
import type { RequirementKey } from "~/lib/buyer-facts";
import type { CategoryEntry } from "~/lib/category-stats";
import { ALL_CATEGORIES, LOAD_MORE_STEP, type SortOption } from "~/lib/constants";
import type { IntegrationKey } from "~/lib/integrations";
import { BROWSE_PATH } from "~/lib/paths";
import { plural, type ToolCard as ToolCardData } from "~/lib/tool";
import type { ToolQuery } from "~/lib/tool-query";
import { ActiveFilters } from "./active-filters";
import { browseHref, toggled, type BrowseFilters } from "./browse-href";
import { BrowseSearch, SEARCH_BOX_STATE } from "./browse-search";
import { BuyerFilters, type BuyerChoice } from "./buyer-filters";
import { EmptyResults } from "./empty-results";
import { LoadMore } from "./load-more";
import { SortAndPricing } from "./sort-and-pricing";
import { SubcategorySidebar } from "./subcategory-sidebar";
import { SubcategoryPagesProvider } from "./subcategory-pages";
import { useBrowseMemory } from "./use-browse-memory";
import { useToolList } from "./use-tool-list";

export interface BrowsePageProps {
  title: string;
  description: string;
  crumbs: readonly Crumb[];
  query: ToolQuery;
  tools: readonly ToolCardData[];
  total: number;
  totalInAllCategories: number;
  elapsedMs: number;
  sort: SortOption;
  facets: readonly CategoryEntry[];
  highlightedCategories: readonly string[];
  ticker: readonly { name: string; href: string }[];
  /** The subcategories of the chosen category that have their own page. */
  subcategoryPages: readonly string[];
  /** The words the tools match when no tool matches every word of the search. */
  relaxedSearch: string | null;
  /** The search spelt with the catalogue's words, when it finds more. */
  suggestedSearch: string | null;
  requirementFacets: readonly FactFacet<RequirementKey>[];
  integrationFacets: readonly FactFacet<IntegrationKey>[];
  /** With a price ceiling: the tools left out for having no known USD price. */
  unpricedCount: number | null;
}

function filtersOf(query: ToolQuery): BrowseFilters {
  return {
    category: query.category,
    subcategory: query.subcategory,
    search: query.search,
    ...(query.sort && { sort: query.sort }),
    pricing: query.pricing,
    require: query.require,
    integrates: query.integrates,
    ...(query.maxPrice !== undefined && { maxPrice: query.maxPrice }),
  };
}

/**
 * Browse page, also the category and subcategory listings. The URL holds the filters; the
 * browser keeps the spec's saved state (browse-storage.ts) to come back to.
 */
export function BrowsePage(props: BrowsePageProps) {
  const { title, description, crumbs, query, facets, sort } = props;
  const filters = filtersOf(query);
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const key = `${location.pathname}${location.search}`;
  const list = useToolList(key, filters, props.tools, props.total);
  const memory = useBrowseMemory(key, filters, list, facets);
  const subcategoryPages = new Set(props.subcategoryPages);
  const hrefFor = (changes: Partial<BrowseFilters>) =>
    browseHref({ ...filters, ...changes }, { subcategoryPages });
  // A ticked box shows ticked at once, before the new list arrives.
  const [subcategories, setSubcategories] = useOptimistic(query.subcategory);
  const [buyerChoice, setBuyerChoice] = useOptimistic<BuyerChoice>({
    require: query.require,
    integrates: query.integrates,
    maxPrice: query.maxPrice,
  });
  const suggestion =
    props.suggestedSearch === null
      ? null
      : { search: props.suggestedSearch, href: hrefFor({ search: props.suggestedSearch }) };
  const hasTools = list.tools.length > 0;
  const results = useRef<HTMLHeadingElement>(null);
  // A listing's view, with the search and what it found when one is shown.
  const shownSearch = query.search.trim();
  useEffect(() => {
    track({
      name: "detailed_page_view",
      path: currentPath(),
      ...(shownSearch ? { search: shownSearch.slice(0, 200), resultCount: props.total } : {}),
    });
    // Once per listing shown: a later count change (live likes) is not another view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const go = (changes: Partial<BrowseFilters>, options: { replace?: boolean; state?: unknown }) =>
    void navigate(hrefFor(changes), { preventScrollReset: true, ...options });
  // A filter chip or Reset goes away once used; the keyboard continues from the results.
  const focusResults = () => results.current?.focus();
  // After Load More, the keyboard continues at the first new card (the button may be gone).
  const firstNewCard = useRef<number | null>(null);
  useEffect(() => {
    const index = firstNewCard.current;
    if (index === null || list.tools.length <= index) return;
    firstNewCard.current = null;
    document.getElementById(`tool-${list.tools[index]!.id}`)?.querySelector("a")?.focus();
  });

  // Another listing is on its way (opening a tool carries its scroll position instead).
  const isLoading =
    navigation.state === "loading" &&
    navigation.location.pathname.startsWith(BROWSE_PATH) &&
    !isToolNavigation(navigation.location.state);
  const highlighted = new Set(props.highlightedCategories);
  const factLabels = new Map<string, string>(
    [...props.requirementFacets, ...props.integrationFacets].map((facet) => [
      facet.key,
      facet.label,
    ]),
  );
  // A chosen category stays in the row even when nothing in it matches the search.
  const categories =
    query.category === ALL_CATEGORIES || facets.some((entry) => entry.name === query.category)
      ? facets
      : [...facets, { name: query.category, slug: "", count: 0, subcategories: [] }];
  const chipHref = (category: string) =>
    hrefFor({
      category,
      // Subcategories of other categories would empty the list.
      subcategory: filters.subcategory.filter((name) =>
        facets
          .find((entry) => entry.name === category)
          ?.subcategories.some((sub) => sub.name === name),
      ),
    });

  return (
    <SubcategoryPagesProvider value={subcategoryPages}>
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <Breadcrumbs items={crumbs} />
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-950 sm:text-4xl">
          {title}
        </h1>
        <p className="mt-2 max-w-3xl text-slate-600">{description}</p>

        <a
          href="#browse-results"
          className="sr-only focus:not-sr-only focus:mt-3 focus:inline-block focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:ring-2 focus:ring-brand-600"
        >
          Skip to the tools
        </a>

        <div className="mt-6 max-w-2xl">
          <BrowseSearch
            filters={filters}
            total={list.total}
            shown={list.tools.length}
            elapsedMs={props.elapsedMs}
            isLoading={isLoading}
            relaxedSearch={hasTools ? props.relaxedSearch : null}
            suggestion={hasTools ? suggestion : null}
            onSearch={(text, { replace }) =>
              go(
                {
                  search: text,
                  sort: text || filters.sort === "Relevance" ? undefined : filters.sort,
                },
                { replace, state: SEARCH_BOX_STATE },
              )
            }
          />
        </div>

        <div className="mt-4">
          <CategoryChips
            label="Categories"
            items={[
              {
                name: ALL_CATEGORIES,
                count: props.totalInAllCategories,
                href: hrefFor({ category: ALL_CATEGORIES }),
                isCurrent: query.category === ALL_CATEGORIES,
              },
              ...categories.map((category) => ({
                ...category,
                href: chipHref(category.name),
                isCurrent: category.name === query.category,
                isHighlighted: highlighted.has(category.name),
              })),
            ]}
          />
        </div>

        <div className="mt-5">
          <SortAndPricing filters={filters} sort={sort} />
        </div>

        <ActiveFilters
          filters={filters}
          onReset={() => {
            memory.forgetEverything();
            focusResults();
          }}
          onRemove={focusResults}
          factLabels={factLabels}
        />

        <div className="mt-5">
          <ChipTicker label="Popular subcategories" items={props.ticker} />
        </div>

        <div className="mt-4 flex flex-col gap-6 lg:flex-row">
          <div className="flex flex-col gap-4 lg:w-64 lg:shrink-0">
            <SubcategorySidebar
              facets={facets}
              category={query.category}
              selected={subcategories}
              isExpanded={memory.isSidebarExpanded}
              onExpandedChange={memory.setSidebarExpanded}
              onToggle={(name) =>
                startTransition(async () => {
                  const next = toggled(subcategories, name);
                  setSubcategories(next);
                  await navigate(hrefFor({ subcategory: next }), {
                    preventScrollReset: true,
                  });
                })
              }
            />
            <BuyerFilters
              choice={buyerChoice}
              requirementFacets={props.requirementFacets}
              integrationFacets={props.integrationFacets}
              total={list.total}
              onShowResults={focusResults}
              onChange={(changes) =>
                startTransition(async () => {
                  // From the choice as shown, so a change made while the last loads keeps it.
                  const next = { ...buyerChoice, ...changes };
                  setBuyerChoice(next);
                  await navigate(hrefFor(next), { preventScrollReset: true });
                })
              }
            />
          </div>

          <section aria-labelledby="browse-results" className="min-w-0 flex-1">
            <h2 id="browse-results" ref={results} tabIndex={-1} className="sr-only">
              Tools
            </h2>
            {props.unpricedCount !== null && props.unpricedCount > 0 && (
              <p className="mb-4 text-sm text-slate-600">
                {plural(props.unpricedCount, "tool")} without a known price in US dollars{" "}
                {props.unpricedCount === 1 ? "is" : "are"} left out by the price ceiling.
              </p>
            )}
            {!hasTools ? (
              <EmptyResults
                search={query.search}
                onReset={memory.forgetEverything}
                suggestion={suggestion}
                elsewhere={
                  query.category !== ALL_CATEGORIES && props.totalInAllCategories > 0
                    ? {
                        count: props.totalInAllCategories,
                        href: hrefFor({ category: ALL_CATEGORIES, subcategory: [] }),
                      }
                    : null
                }
              />
            ) : (
              <ul
                className={`grid grid-cols-1 gap-6 transition-opacity sm:grid-cols-2 xl:grid-cols-3 ${isLoading ? "opacity-60" : ""}`}
              >
                {list.tools.map((tool, index) => (
                  <li key={tool.id} className="flex">
                    <ToolCard tool={tool} isPriority={index < 3} onOpen={memory.rememberList} />
                  </li>
                ))}
              </ul>
            )}

            {list.hasMore && (
              <LoadMore
                filters={filters}
                nextCount={list.tools.length + LOAD_MORE_STEP}
                status={list.status}
                onLoadMore={() => {
                  firstNewCard.current = list.tools.length;
                  void list.loadMore();
                }}
              />
            )}
          </section>
        </div>
      </div>
    </SubcategoryPagesProvider>
  );
}
