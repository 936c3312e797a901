import { redirect } from "react-router";
import { BrowsePage } from "~/features/browse/browse-page";
import { readListingQuery } from "~/lib/listing-query.server";
import { listingToReturnTo } from "~/features/browse/return-from-tool";
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

// The breadcrumb's or the header's plain /ai-tools from a tool page goes straight back to the
// listing the tool was opened from, without showing the defaults first.
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const returnTo = listingToReturnTo(new URL(request.url), Date.now());
  if (returnTo) throw redirect(returnTo);
  return serverLoader();
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
