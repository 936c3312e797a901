import { BrowsePage } from "~/features/browse/browse-page";
import { readListingQuery } from "~/features/browse/listing-query.server";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/browse";

const TITLE = "AI Tools for Business Growth";
const DESCRIPTION =
  "Search, filter and compare AI tools for every part of your business, from marketing and sales to finance and operations.";

export function meta() {
  return [{ title: pageTitle(TITLE) }, { name: "description", content: DESCRIPTION }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  const query = readListingQuery(context.services, new URL(request.url));
  return context.services.getListing(query);
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
