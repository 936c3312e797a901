import { loadCataloguePage } from "./catalogue-page.server";
import { CataloguePageView, cataloguePageMeta } from "./catalogue-page.shared";
import type { Route } from "./+types/category-second";

export function meta({ loaderData }: Route.MetaArgs) {
  return cataloguePageMeta(loaderData);
}

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadCataloguePage(request, context, [params.category, params.second]);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <CataloguePageView loaderData={loaderData} />;
}
