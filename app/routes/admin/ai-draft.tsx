import { data } from "react-router";
import { DraftReview } from "~/features/admin/ai-add/draft-review";
import { pageTitle } from "~/lib/seo";
import { requireAdmin } from "./admin-guard.server";
import type { Route } from "./+types/ai-draft";

export function meta({ data: loaded }: Route.MetaArgs) {
  const name = loaded?.job.draft.name?.value;
  return [
    { title: pageTitle(name ? `Admin: Review the draft of ${name}` : "Admin: Review a draft") },
  ];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const id = /^\d{1,15}$/.test(params.jobId) ? Number(params.jobId) : null;
  const [job, taxonomy] = await Promise.all([
    id === null ? null : context.services.getDraftJob(id),
    context.services.listTaxonomySuggestions(),
  ]);
  if (!job) throw data("No draft has this id. It may have been removed.", { status: 404 });
  return { job, taxonomy };
}

export default function AdminAiDraft({ loaderData }: Route.ComponentProps) {
  return (
    <DraftReview
      key={`${loaderData.job.id}:${loaderData.job.updatedAt}`}
      job={loaderData.job}
      taxonomy={loaderData.taxonomy}
    />
  );
}
