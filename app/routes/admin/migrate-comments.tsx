import { CommentMigrationPage } from "~/features/admin/comment-migration/comment-migration-page";
import { pageTitle } from "~/lib/seo";
import { requireAdmin } from "./admin-guard.server";
import type { Route } from "./+types/migrate-comments";

export function meta() {
  return [{ title: pageTitle("Admin: Comment migration") }];
}

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  return { jobs: await context.services.listCommentImportJobs() };
}

export default function AdminMigrateComments({ loaderData }: Route.ComponentProps) {
  return <CommentMigrationPage jobs={loaderData.jobs} />;
}
