import { AdminNotYet } from "~/features/admin/admin-shell";
import { pageTitle } from "~/lib/seo";
import { requireAdmin } from "./admin-guard.server";
import type { Route } from "./+types/ai-add";

export function meta() {
  return [{ title: pageTitle("Admin: AI-assisted add") }];
}

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  return null;
}

export default function AdminAiAdd() {
  return (
    <AdminNotYet title="AI-assisted add">
      <p>
        Adding tools from their website with AI help is not built yet: paste a URL here once it is.
      </p>
    </AdminNotYet>
  );
}
