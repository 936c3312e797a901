import { data, redirect, type AppLoadContext } from "react-router";
import { readListingQuery } from "~/lib/listing-query.server";
import { BROWSE_PATH, categoryPath, toolPath } from "~/lib/paths";
import {
  categoryListingHead,
  listingCanonicalPath,
  listingHeadAt,
  subCategoryListingHead,
} from "~/lib/seo";

// The pages under /ai-tools/{category}/…: a category listing, a subcategory listing or a tool page,
// whichever the path resolves to. Shared by the three route modules' loaders.

export async function loadCategoryPathPage(
  request: Request,
  context: AppLoadContext,
  segments: string[],
) {
  const { services } = context;
  const url = new URL(request.url);
  // Slugs are lower-case; an address typed in capitals goes to the real one.
  if (segments.some((segment) => segment !== segment.toLowerCase())) {
    throw redirect(`${url.pathname.toLowerCase()}${url.search}`, 301);
  }
  const page = services.resolveCategoryPath(segments);
  const canonicalUrl = (path: string) => new URL(path, context.appUrl).href;
  switch (page.kind) {
    case "category": {
      const query = readListingQuery(services, url, { category: page.category.name });
      const canonicalPath = listingCanonicalPath(query, services.getTaxonomy());
      return {
        kind: "listing" as const,
        ...categoryListingHead(page.category),
        head: listingHeadAt(canonicalPath, services.getTaxonomy()),
        canonicalUrl: canonicalUrl(canonicalPath),
        crumbs: [
          { label: "Home", href: "/" },
          { label: "AI Tools", href: BROWSE_PATH },
          { label: page.category.name },
        ],
        ...services.getListing(query),
      };
    }
    case "subcategory": {
      const query = readListingQuery(services, url, {
        category: page.category.name,
        subcategory: [page.subCategory.name],
      });
      const canonicalPath = listingCanonicalPath(query, services.getTaxonomy());
      return {
        kind: "listing" as const,
        ...subCategoryListingHead(page.category, page.subCategory),
        head: listingHeadAt(canonicalPath, services.getTaxonomy()),
        canonicalUrl: canonicalUrl(canonicalPath),
        crumbs: [
          { label: "Home", href: "/" },
          { label: "AI Tools", href: BROWSE_PATH },
          { label: page.category.name, href: categoryPath(page.category.name) },
          { label: page.subCategory.name },
        ],
        ...services.getListing(query),
      };
    }
    case "tool": {
      const toolPage = await services.getToolPage(page.tool.id);
      if (!toolPage) throw data("Tool not found", { status: 404 });
      const viewer = (await context.signedIn())?.viewer ?? null;
      return {
        kind: "tool" as const,
        canonicalUrl: canonicalUrl(toolPath(page.tool)),
        ...toolPage,
        related: services.findRelatedTools(page.tool.id),
        compareWith: services
          .findCompareAlternatives(page.tool.id)
          .map(({ id, slug, name }) => ({ id, slug, name })),
        comments: await services.getCommentPage(page.tool.id, { sort: "newest", page: 1 }, viewer),
      };
    }
    case "moved":
      throw redirect(page.to, 301);
    case "not-found":
      throw data("Page not found", { status: 404 });
  }
}
