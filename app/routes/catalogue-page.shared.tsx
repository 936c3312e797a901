import type { MetaDescriptor } from "react-router";
import { BrowsePage } from "~/features/catalogue/browse-page";
import { ToolPage } from "~/features/tool-page/tool-page";
import { pageTitle, toolMeta } from "~/lib/seo";
import { toolJsonLd, toolSocialMeta } from "~/lib/tool-structured-data";
import type { loadCataloguePage } from "./catalogue-page.server";

// Meta and view of the pages under /ai-tools/{category}/… (see catalogue-page.server.ts).

type CataloguePageData = Awaited<ReturnType<typeof loadCataloguePage>>;

export function cataloguePageMeta(loaderData: CataloguePageData | undefined): MetaDescriptor[] {
  if (!loaderData) return [{ title: pageTitle("Page not found") }];
  const canonical = { tagName: "link", rel: "canonical", href: loaderData.canonicalUrl };
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
  return [
    { title: pageTitle(loaderData.title) },
    { name: "description", content: loaderData.description },
    canonical,
  ];
}

export function CataloguePageView({ loaderData }: { loaderData: CataloguePageData }) {
  if (loaderData.kind === "tool") {
    return (
      <ToolPage
        tool={loaderData.tool}
        longDescriptionHtml={loaderData.longDescriptionHtml}
        related={loaderData.related}
      />
    );
  }
  return <BrowsePage {...loaderData} />;
}
