import type { MetaDescriptor } from "react-router";
import { BrowsePage } from "~/features/browse/browse-page";
import { ToolPagePresence } from "~/features/browse/return-from-tool";
import { ToolPage } from "~/features/tool-page/tool-page";
import { listingMeta } from "~/lib/listing-structured-data";
import { canonicalLink, pageTitle, toolMeta } from "~/lib/seo";
import { toolJsonLd, toolSocialMeta } from "~/lib/tool-structured-data";
import type { loadCategoryPathPage } from "./category-path.server";

// Meta and view of the pages under /ai-tools/{category}/… (see category-path.server.ts).

type CategoryPathData = Awaited<ReturnType<typeof loadCategoryPathPage>>;

export function categoryPathMeta(loaderData: CategoryPathData | undefined): MetaDescriptor[] {
  if (!loaderData) return [{ title: pageTitle("Page not found") }];
  const canonical = canonicalLink(loaderData.canonicalUrl);
  if (loaderData.kind === "tool") {
    const { tool, canonicalUrl } = loaderData;
    const { title, description } = toolMeta(tool);
    return [
      { title },
      { name: "description", content: description },
      canonical,
      ...toolSocialMeta(tool, title, description, canonicalUrl),
      ...toolJsonLd(tool, description, canonicalUrl).map((item) => ({
        "script:ld+json": item,
      })),
    ];
  }
  return listingMeta(loaderData);
}

export function CategoryPathView({ loaderData }: { loaderData: CategoryPathData }) {
  if (loaderData.kind === "tool") {
    return (
      <>
        <ToolPagePresence />
        <ToolPage
          tool={loaderData.tool}
          longDescriptionHtml={loaderData.longDescriptionHtml}
          related={loaderData.related}
          compareWith={loaderData.compareWith}
          comments={loaderData.comments}
        />
      </>
    );
  }
  return <BrowsePage {...loaderData} />;
}
