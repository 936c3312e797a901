import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { toolPath } from "~/lib/paths";
import { slugify, uniqueSlug } from "~/lib/slug";
import type { ToolInput } from "~/lib/tool-input";
import type { Database, Transaction } from "#server/db/client.server";
import { tools } from "#server/db/schema";
import { AppError } from "#server/core/errors.server";
import { catalogueChange, notifyLive } from "#server/live/live-events.server";
import { recordAdminAction, type Actor } from "./record-admin-action.server";
import { changedColumns, inputToColumns, readTakenSlugs } from "./tool-input-rows.server";

export interface SavedTool {
  id: string;
  slug: string;
  publicPath: string;
  updatedAt: string;
  /** Image paths this save stopped using (their files may go once no tool uses them). */
  replacedImages: string[];
}

/** A new tool's id: short, URL-safe, and unlike the demo and imported ids. */
export function newToolId(): string {
  return `t-${randomUUID().replaceAll("-", "").slice(0, 16)}`;
}

/**
 * Manual add: one transaction writes the tool, the audit row and the catalogue event, so
 * every server's snapshot (public pages, counts, category statistics, search) follows at once.
 */
export async function createTool(
  db: Database,
  actor: Actor,
  input: ToolInput,
  source: NewToolSource = "manual",
): Promise<SavedTool> {
  return db.transaction((tx) => insertTool(tx, actor, input, source));
}

/** How a new tool came to be: typed in the editor, or drafted from its website. */
export type NewToolSource = "manual" | "ai";

/** createTool's writes inside a caller's transaction (the AI save also marks its job there). */
export async function insertTool(
  tx: Transaction,
  actor: Actor,
  input: ToolInput,
  source: NewToolSource,
): Promise<SavedTool> {
  // Two admins adding tools with the same name at once must not both take one slug.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tools.slug'))`);
  await assertListingSlugsFree(tx, input);
  const taken = await readTakenSlugs(tx);
  for (const name of [input.category, input.subCategory]) if (name) taken.add(slugify(name));
  const slug = uniqueSlug(input.name, taken);
  const [row] = await tx
    .insert(tools)
    .values({ id: newToolId(), slug, source, ...inputToColumns(input) })
    .returning();
  await recordAdminAction(tx, actor, "create", { toolId: row!.id, name: row!.name });
  await notifyLive(tx, catalogueChange([row!.id]));
  return {
    id: row!.id,
    slug,
    publicPath: toolPath(row!),
    updatedAt: row!.updatedAt.toISOString(),
    replacedImages: [],
  };
}

/**
 * Manual edit. The slug stays (links keep working when a name changes). When
 * `expectedUpdatedAt` is given and the tool changed since, nothing is written: a 409 says so.
 */
export async function updateTool(
  db: Database,
  actor: Actor,
  id: string,
  input: ToolInput,
  expectedUpdatedAt?: string,
): Promise<SavedTool> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(tools).where(eq(tools.id, id)).for("no key update");
    if (!current) throw new AppError("NOT_FOUND", "This tool no longer exists.");
    if (
      expectedUpdatedAt &&
      current.updatedAt.getTime() !== new Date(expectedUpdatedAt).getTime()
    ) {
      throw new AppError(
        "CONFLICT",
        "Someone changed this tool after you opened it. Copy what you need, then reload the page to see their version.",
      );
    }
    await assertListingSlugsFree(tx, input);
    const columns = inputToColumns(input);
    const replacedImages = [current.image, current.mainImage].filter(
      (path): path is string => !!path && path !== columns.image && path !== columns.mainImage,
    );
    const changed = changedColumns(current, columns);
    if (changed.length === 0) {
      return {
        id,
        slug: current.slug,
        publicPath: toolPath(current),
        updatedAt: current.updatedAt.toISOString(),
        replacedImages: [],
      };
    }
    const [row] = await tx
      .update(tools)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(eq(tools.id, id))
      .returning();
    await recordAdminAction(tx, actor, "update", { toolId: id, name: row!.name, changed });
    await notifyLive(tx, catalogueChange([id]));
    return {
      id,
      slug: row!.slug,
      publicPath: toolPath(row!),
      updatedAt: row!.updatedAt.toISOString(),
      replacedImages,
    };
  });
}

/**
 * A category or subcategory whose address is already a tool's would hide that tool's page
 * (resolveCategoryPath reads a listing first): such a name is refused.
 */
async function assertListingSlugsFree(tx: Transaction, input: ToolInput) {
  const fields = { category: input.category, subCategory: input.subCategory };
  const slugs = Object.values(fields)
    .filter((name): name is string => !!name)
    .map(slugify);
  if (slugs.length === 0) return;
  const clashes = await tx
    .select({ name: tools.name, slug: tools.slug })
    .from(tools)
    .where(inArray(tools.slug, slugs));
  const errors: Record<string, string> = {};
  for (const [field, name] of Object.entries(fields)) {
    const clash = name && clashes.find((tool) => tool.slug === slugify(name));
    if (clash)
      errors[field] =
        `The address of "${name}" is already the tool "${clash.name}"'s. Choose another name.`;
  }
  if (Object.keys(errors).length > 0) {
    throw new AppError("INVALID", "Some values are not valid.", errors);
  }
}
