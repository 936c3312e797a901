import { AdminNotYet } from "~/features/admin/admin-shell";
import { pageTitle } from "~/lib/seo";
import { requireAdmin } from "./admin-guard.server";
import type { Route } from "./+types/manual-edit";

export function meta() {
  return [{ title: pageTitle("Admin: Edit a tool") }];
}

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  return null;
}

export default function AdminManualEdit() {
  return (
    <AdminNotYet title="Edit a tool">
      <p>The form for editing a tool is being built next.</p>
    </AdminNotYet>
  );
}
