import { BrowsePage } from "~/features/browse/browse-page";
import { readListingQuery } from "~/features/browse/listing-query.server";
import { listingMeta } from "~/lib/listing-structured-data";
import { absoluteUrl, listingCanonicalPath, pageTitle } from "~/lib/seo";
import type { Route } from "./+types/browse";

const TITLE = "AI Tools for Business Growth";
const DESCRIPTION =
  "Search, filter and compare AI tools for every part of your business, from marketing and sales to finance and operations.";

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: pageTitle(TITLE) }];
  return listingMeta({ ...loaderData, title: TITLE, description: DESCRIPTION });
}

export function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const query = readListingQuery(services, new URL(request.url));
  return {
    ...services.getListing(query),
    canonicalUrl: absoluteUrl(listingCanonicalPath(query, services.getTaxonomy()), context.appUrl),
  };
}

export default function Browse({ loaderData }: Route.ComponentProps) {
  return (
    <BrowsePage
      {...loaderData}
      title={TITLE}
      description={DESCRIPTION}
      crumbs={[{ label: "Home", href: "/" }, { label: "AI Tools" }]}
    />
  );
}
