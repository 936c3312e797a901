import { AdminNotYet } from "~/features/admin/admin-shell";
import { pageTitle } from "~/lib/seo";

export function meta() {
  return [{ title: pageTitle("Admin: Add a tool manually") }];
}

export default function AdminManualAdd() {
  return (
    <AdminNotYet title="Add a tool manually">
      <p>The form for adding a tool by hand, with images, is being built next.</p>
    </AdminNotYet>
  );
}
