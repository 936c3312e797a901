import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { SubcategorySidebar } from "~/features/browse/subcategory-sidebar";
import { HomePage, type HomePageProps } from "~/features/home/home-page";
import type { CategoryEntry } from "~/lib/category-stats";
import { createToolCard } from "../factories";

// the texts for empty lists, in the HTML the server sends.

function renderPage(page: React.ReactNode): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => page }]);
  return renderToString(<Stub />);
}

const emptyHome: HomePageProps = {
  categories: [],
  popularSubcategories: [],
  total: 0,
  featured: [],
  recentlyAdded: [],
  topTools: [],
  isTopToolsFallback: false,
};

describe("the home page's top tools", () => {
  it("says 'No top tools found' when there are none", () => {
    expect(renderPage(<HomePage {...emptyHome} />)).toContain("No top tools found");
  });

  it("names the fallback when the top tools are the newest ones", () => {
    const topTools = [createToolCard({ likesTotal: 0 })];
    const fallback = renderPage(<HomePage {...emptyHome} topTools={topTools} isTopToolsFallback />);
    expect(fallback).toContain("Showing recently added tools (likes data unavailable)");
    expect(fallback).not.toContain("No top tools found");
    const liked = renderPage(
      <HomePage {...emptyHome} topTools={topTools} isTopToolsFallback={false} />,
    );
    expect(liked).not.toContain("likes data unavailable");
  });
});

describe("the subcategory sidebar", () => {
  const props = {
    category: "All",
    selected: [],
    isExpanded: true,
    onExpandedChange: () => {},
    onToggle: () => {},
  };

  it("says 'No subcategories found.' when the listing has none", () => {
    const html = renderToString(<SubcategorySidebar {...props} facets={[]} />);
    expect(html).toContain("No subcategories found.");
  });

  it("lists subcategories instead when there are some", () => {
    const facets: CategoryEntry[] = [
      {
        name: "Marketing",
        slug: "marketing",
        count: 3,
        subcategories: [{ name: "SEO", slug: "seo", count: 3 }],
      },
    ];
    const html = renderToString(<SubcategorySidebar {...props} facets={facets} />);
    expect(html).not.toContain("No subcategories found.");
    expect(html).toContain("SEO");
  });
});
