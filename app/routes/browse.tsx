import { BrowsePage } from "~/features/browse/browse-page";
import { readListingQuery } from "~/features/browse/listing-query.server";
import { listingMeta } from "~/lib/listing-structured-data";
import {
  absoluteUrl,
  BROWSE_HEAD,
  listingCanonicalPath,
  listingHeadAt,
  pageTitle,
} from "~/lib/seo";
import type { Route } from "./+types/browse";

const { title: TITLE, description: DESCRIPTION } = BROWSE_HEAD;

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: pageTitle(TITLE) }];
  return listingMeta(loaderData);
}

export function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const query = readListingQuery(services, new URL(request.url));
  const taxonomy = services.getTaxonomy();
  const canonicalPath = listingCanonicalPath(query, taxonomy);
  return {
    ...services.getListing(query),
    head: listingHeadAt(canonicalPath, taxonomy),
    canonicalUrl: absoluteUrl(canonicalPath, context.appUrl),
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
