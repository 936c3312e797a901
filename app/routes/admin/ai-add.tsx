import { AdminNotYet } from "~/features/admin/admin-shell";
import { pageTitle } from "~/lib/seo";

export function meta() {
  return [{ title: pageTitle("Admin: AI-assisted add") }];
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
