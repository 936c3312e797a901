import { startTransition, useEffect, useOptimistic, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useNavigation } from "react-router";
import { Breadcrumbs, type Crumb } from "~/components/breadcrumbs";
import { CategoryChips } from "~/components/category-chips";
import { ToolCard } from "~/components/tool-card";
import type { CategoryEntry } from "~/lib/category-stats";
import { ALL_CATEGORIES, LOAD_MORE_STEP, type SortOption } from "~/lib/constants";
import { BROWSE_PATH } from "~/lib/paths";
import type { ToolCard as ToolCardData } from "~/lib/tool";
import type { ToolQuery } from "~/lib/tool-query";
import { ActiveFilters } from "./active-filters";
import { browseHref, toggled, type BrowseFilters } from "./browse-href";
import { BrowseSearch } from "./browse-search";
import {
  clearSavedState,
  readSavedFilters,
  readSidebarExpanded,
  saveFilters,
  saveSidebarExpanded,
  saveSnapshot,
  takeSnapshot,
} from "./browse-storage";
import { EmptyResults } from "./empty-results";
import { SortAndPricing } from "./sort-and-pricing";
import { SubcategorySidebar } from "./subcategory-sidebar";
import { SubcategoryTicker } from "./subcategory-ticker";
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
}

function filtersOf(query: ToolQuery): BrowseFilters {
  return {
    category: query.category,
    subcategory: query.subcategory,
    search: query.search,
    ...(query.sort && { sort: query.sort }),
    pricing: query.pricing,
  };
}

/**
 * spec 2 Browse page, also the category and subcategory listings. The URL holds the filters; the
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
  const [isSidebarExpanded, setIsSidebarExpanded] = useState(false);
  // Where to scroll once the restored list is on the page, and how long that list is.
  const scrollTo = useRef<{ y: number; count: number } | null>(null);
  // A ticked box shows ticked at once, before the new list arrives.
  const [subcategories, setSubcategories] = useOptimistic(query.subcategory);

  const go = (changes: Partial<BrowseFilters>, options: { replace?: boolean } = {}) =>
    void navigate(browseHref({ ...filters, ...changes }), { preventScrollReset: true, ...options });

  // spec 4: coming back from a tool within 5 minutes restores the list and the scroll position;
  // otherwise a bare /ai-tools takes the saved filters. Every later change of filters is saved.
  const isFirstVisit = useRef(true);
  /* eslint-disable react-hooks/set-state-in-effect -- browser storage exists only after hydration */
  useEffect(() => {
    if (isFirstVisit.current) {
      isFirstVisit.current = false;
      setIsSidebarExpanded(readSidebarExpanded(localStorage));
      const snapshot = takeSnapshot(sessionStorage, key, Date.now());
      if (snapshot) {
        list.restore(snapshot.tools, snapshot.total);
        setIsSidebarExpanded(snapshot.sidebarExpanded);
        scrollTo.current = { y: snapshot.scrollY, count: snapshot.tools.length };
        return;
      }
      const saved =
        location.pathname === BROWSE_PATH && !location.search && readSavedFilters(localStorage);
      if (saved) {
        void navigate(browseHref(saved), { replace: true });
        return;
      }
    }
    saveFilters(localStorage, filters);
    // Runs once per listing; `filters` is derived from the same URL as `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  /* eslint-enable react-hooks/set-state-in-effect */

  useEffect(() => {
    if (scrollTo.current === null || list.tools.length < scrollTo.current.count) return;
    window.scrollTo(0, scrollTo.current.y);
    scrollTo.current = null;
  });

  const rememberList = () =>
    saveSnapshot(sessionStorage, localStorage, {
      url: key,
      tools: list.tools,
      total: list.total,
      filters,
      visibleCount: list.tools.length,
      scrollY: window.scrollY,
      sidebarExpanded: isSidebarExpanded,
      savedAt: Date.now(),
    });
  const forgetEverything = () => clearSavedState(sessionStorage, localStorage);

  const isLoading =
    navigation.state === "loading" && navigation.location.pathname.startsWith(BROWSE_PATH);
  const highlighted = new Set(props.highlightedCategories);
  // A chosen category stays in the row even when nothing in it matches the search.
  const categories =
    query.category === ALL_CATEGORIES || facets.some((entry) => entry.name === query.category)
      ? facets
      : [...facets, { name: query.category, slug: "", count: 0, subcategories: [] }];
  const chipHref = (category: string) =>
    browseHref({
      ...filters,
      category,
      // Subcategories of other categories would empty the list.
      subcategory: filters.subcategory.filter((name) =>
        facets
          .find((entry) => entry.name === category)
          ?.subcategories.some((sub) => sub.name === name),
      ),
    });

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <Breadcrumbs items={crumbs} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-950 sm:text-4xl">{title}</h1>
      <p className="mt-2 max-w-3xl text-slate-600">{description}</p>

      <div className="mt-5">
        <SubcategoryTicker items={props.ticker} />
      </div>

      <div className="mt-6 max-w-2xl">
        <BrowseSearch
          filters={filters}
          total={list.total}
          shown={list.tools.length}
          elapsedMs={props.elapsedMs}
          isLoading={isLoading}
          onSearch={(text, { isTyping }) =>
            go(
              {
                search: text,
                sort: text || filters.sort === "Relevance" ? undefined : filters.sort,
              },
              { replace: isTyping },
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
              slug: "all",
              count: props.totalInAllCategories,
              href: browseHref({ ...filters, category: ALL_CATEGORIES }),
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

      <div className="mt-5">
        <ActiveFilters filters={filters} onReset={forgetEverything} />
      </div>

      <div className="mt-4 flex flex-col gap-6 lg:flex-row">
        <SubcategorySidebar
          facets={facets}
          category={query.category}
          selected={subcategories}
          isExpanded={isSidebarExpanded}
          onExpandedChange={(isExpanded) => {
            setIsSidebarExpanded(isExpanded);
            saveSidebarExpanded(localStorage, isExpanded);
          }}
          onToggle={(name) =>
            startTransition(async () => {
              const next = toggled(subcategories, name);
              setSubcategories(next);
              await navigate(browseHref({ ...filters, subcategory: next }), {
                preventScrollReset: true,
              });
            })
          }
        />

        <section aria-labelledby="browse-results" className="min-w-0 flex-1">
          <h2 id="browse-results" className="sr-only">
            Tools
          </h2>
          {list.tools.length === 0 ? (
            <EmptyResults search={query.search} onReset={forgetEverything} />
          ) : (
            <ul
              className={`grid grid-cols-1 gap-6 transition-opacity sm:grid-cols-2 xl:grid-cols-3 ${isLoading ? "opacity-60" : ""}`}
            >
              {list.tools.map((tool, index) => (
                <li key={tool.id} className="flex">
                  <ToolCard tool={tool} isPriority={index < 3} onOpen={rememberList} />
                </li>
              ))}
            </ul>
          )}

          {list.hasMore && (
            <div className="mt-10 text-center">
              <Link
                to={browseHref(filters, list.tools.length + LOAD_MORE_STEP)}
                preventScrollReset
                onClick={(event) => {
                  event.preventDefault();
                  if (list.status !== "loading") void list.loadMore();
                }}
                aria-disabled={list.status === "loading"}
                className="inline-block rounded-xl border border-slate-300 bg-white px-6 py-3 font-semibold text-slate-900 shadow-sm hover:bg-slate-50"
              >
                {list.status === "loading" ? "Loading..." : "Load More Tools"}
              </Link>
              {list.status === "failed" && (
                <p role="alert" className="mt-3 text-sm text-red-700">
                  More tools could not be loaded. Check your connection and try again.
                </p>
              )}
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
