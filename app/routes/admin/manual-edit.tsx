import { data, useLocation } from "react-router";
import { ToolEditor } from "~/features/admin/tool-editor/tool-editor";
import { pageTitle } from "~/lib/seo";
import { requireAdmin } from "./admin-guard.server";
import type { Route } from "./+types/manual-edit";

export function meta({ data: loaded }: Route.MetaArgs) {
  return [
    { title: pageTitle(loaded ? `Admin: Edit ${loaded.tool.input.name}` : "Admin: Edit a tool") },
  ];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const [tool, taxonomy] = await Promise.all([
    context.services.getEditableTool(params.id),
    context.services.listTaxonomySuggestions(),
  ]);
  if (!tool) throw data("No tool has this id. It may have been deleted.", { status: 404 });
  return { tool, taxonomy };
}

export default function AdminManualEdit({ loaderData }: Route.ComponentProps) {
  // A save navigates here again and reloads the tool: the form starts afresh from what was
  // stored, even when the save changed nothing (so no stale "unsaved changes").
  const location = useLocation();
  return (
    <ToolEditor
      key={`${loaderData.tool.id}:${loaderData.tool.updatedAt}:${location.key}`}
      tool={loaderData.tool}
      taxonomy={loaderData.taxonomy}
    />
  );
}
