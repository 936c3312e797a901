import { AdminNotYet } from "~/features/admin/admin-shell";
import { pageTitle } from "~/lib/seo";

export function meta() {
  return [{ title: pageTitle("Admin: Edit a tool") }];
}

export default function AdminManualEdit() {
  return (
    <AdminNotYet title="Edit a tool">
      <p>The form for editing a tool is being built next.</p>
    </AdminNotYet>
  );
}
