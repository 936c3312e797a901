import { ToolEditor } from "~/features/admin/tool-editor/tool-editor";
import { pageTitle } from "~/lib/seo";
import { requireAdmin } from "./admin-guard.server";
import type { Route } from "./+types/manual-add";

export function meta() {
  return [{ title: pageTitle("Admin: Add a tool manually") }];
}

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  return { taxonomy: await context.services.listTaxonomySuggestions() };
}

export default function AdminManualAdd({ loaderData }: Route.ComponentProps) {
  return <ToolEditor tool={null} taxonomy={loaderData.taxonomy} />;
}
