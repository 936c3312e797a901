import { AdminNotYet } from "~/features/admin/admin-shell";
import { pageTitle } from "~/lib/seo";

export function meta() {
  return [{ title: pageTitle("Admin: Comment migration") }];
}

export default function AdminMigrateComments() {
  return (
    <AdminNotYet title="Comment migration">
      <p>Importing comments exported from another system is not built yet.</p>
    </AdminNotYet>
  );
}
