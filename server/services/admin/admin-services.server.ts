import type { Database } from "#server/db/client.server";
import type { Logger } from "#server/core/logger.server";
import { storeToolImage } from "#server/media/tool-images.server";
import type { AdminToolsQuery } from "~/lib/admin-tools-query";
import type { ToolStatus } from "~/lib/constants";
import type { ToolInput } from "~/lib/tool-input";
import { renderMarkdown } from "../tools/render-markdown.server";
import { setToolsStatus } from "./change-tools.server";
import type { Actor } from "./record-admin-action.server";
import { getEditableTool } from "./get-editable-tool.server";
import { listAdminTools } from "./list-admin-tools.server";
import { listTaxonomySuggestions } from "./list-taxonomy-suggestions.server";
import { createTool } from "./save-tool.server";
import { deleteToolsAndImages } from "./delete-tools-and-images.server";
import { updateToolAndImages } from "./update-tool-and-images.server";

/** The admin's tool list, editor and bulk actions, with the images tools use. */
export function createAdminServices(deps: { db: Database; mediaDir: string; logger: Logger }) {
  const { db, mediaDir } = deps;
  return {
    listAdminTools: (query: AdminToolsQuery) => listAdminTools(db, query),
    setToolsStatus: (actor: Actor, ids: readonly string[], status: ToolStatus) =>
      setToolsStatus(db, actor, ids, status),
    deleteTools: (actor: Actor, ids: readonly string[]) => deleteToolsAndImages(deps, actor, ids),
    getEditableTool: (id: string) => getEditableTool(db, id),
    listTaxonomySuggestions: () => listTaxonomySuggestions(db),
    createTool: (actor: Actor, input: ToolInput) => createTool(db, actor, input),
    updateTool: (actor: Actor, id: string, input: ToolInput, expectedUpdatedAt?: string) =>
      updateToolAndImages(deps, actor, id, input, expectedUpdatedAt),
    storeToolImage: (bytes: Buffer) => storeToolImage(mediaDir, bytes),
    previewMarkdown: (source: string) => renderMarkdown(source, deps.logger),
  };
}
