import { loadCategoryPathPage } from "./category-path.server";
import { CategoryPathView, categoryPathMeta } from "./category-path.shared";
import type { Route } from "./+types/tool";

export function meta({ loaderData }: Route.MetaArgs) {
  return categoryPathMeta(loaderData);
}

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadCategoryPathPage(request, context, [
    params.category,
    params.subCategory,
    params.toolName,
  ]);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <CategoryPathView loaderData={loaderData} />;
}
