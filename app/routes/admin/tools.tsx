import { AdminNotYet } from "~/features/admin/admin-shell";
import { pageTitle } from "~/lib/seo";
import { requireAdmin } from "./admin-guard.server";
import { toolQuerySchema } from "~/lib/tool-query";
import type { Route } from "./+types/tools";

export function meta() {
  return [{ title: pageTitle("Admin: tools") }];
}

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const taxonomy = context.services.getTaxonomy();
  return {
    online: context.services.findTools(toolQuerySchema.parse({})).total,
    categories: taxonomy.length,
  };
}

export default function AdminTools({ loaderData }: Route.ComponentProps) {
  return (
    <AdminNotYet title="Tools">
      <p>
        The catalogue has <strong>{loaderData.online.toLocaleString("en-US")}</strong> online tools
        in <strong>{loaderData.categories}</strong> categories.
      </p>
      <p>
        The full tool list (every status, search, filters, bulk changes), manual editing and bulk
        import and export are being built next. Until then, the catalogue is loaded with the demo
        seed (<code>npm run db:seed</code>).
      </p>
    </AdminNotYet>
  );
}
