import { loadCataloguePage } from "./catalogue-page.server";
import { CataloguePageView, cataloguePageMeta } from "./catalogue-page.shared";
import type { Route } from "./+types/tool";

export function meta({ loaderData }: Route.MetaArgs) {
  return cataloguePageMeta(loaderData);
}

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadCataloguePage(request, context, [
    params.category,
    params.subCategory,
    params.toolName,
  ]);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <CataloguePageView loaderData={loaderData} />;
}
