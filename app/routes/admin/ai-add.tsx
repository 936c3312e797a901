import { AiAddPage } from "~/features/admin/ai-add/ai-add-page";
import { pageTitle } from "~/lib/seo";
import { requireAdmin } from "./admin-guard.server";
import type { Route } from "./+types/ai-add";

export function meta() {
  return [{ title: pageTitle("Admin: AI-assisted add") }];
}

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  return { answer: await context.services.listDraftJobs() };
}

export default function AdminAiAdd({ loaderData }: Route.ComponentProps) {
  return <AiAddPage answer={loaderData.answer} />;
}
