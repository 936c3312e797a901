import { ImportPage } from "~/features/admin/import/import-page";
import { pageTitle } from "~/lib/seo";
import { requireAdmin } from "./admin-guard.server";
import type { Route } from "./+types/import";

export function meta() {
  return [{ title: pageTitle("Admin: Import tools") }];
}

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  return { jobs: await context.services.listImportJobs() };
}

export default function AdminImport({ loaderData }: Route.ComponentProps) {
  return <ImportPage jobs={loaderData.jobs} />;
}
