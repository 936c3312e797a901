import { data, redirect } from "react-router";
import { toolPath } from "~/lib/paths";
import type { Route } from "./+types/tool-alias";

// /tool/... (where featured cards' keyboard activation leads): a permanent redirect to
// the tool's page.
export function loader({ context, params }: Route.LoaderArgs) {
  const tool = context.services.resolveToolAlias((params["*"] ?? "").split("/"));
  if (!tool) throw data("Tool not found", { status: 404 });
  throw redirect(toolPath(tool), 301);
}

// A page route, so that an unknown tool gets the site's 404 page; it only ever redirects.
export default function ToolAlias() {
  return null;
}
