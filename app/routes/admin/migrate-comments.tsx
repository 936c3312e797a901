import { AdminNotYet } from "~/features/admin/admin-shell";
import { pageTitle } from "~/lib/seo";
import { requireAdmin } from "./admin-guard.server";
import type { Route } from "./+types/migrate-comments";

export function meta() {
  return [{ title: pageTitle("Admin: Comment migration") }];
}

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  return null;
}

export default function AdminMigrateComments() {
  return (
    <AdminNotYet title="Comment migration">
      <p>Importing comments exported from another system is not built yet.</p>
    </AdminNotYet>
  );
}
