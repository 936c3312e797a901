import { data, redirect } from "react-router";
import { confirmedCookieHeader } from "~/features/newsletter/confirmed-cookie.server";
import { NewsletterLinkAction } from "~/features/newsletter/newsletter-link-action";
import {
  NewsletterLinkProblem,
  type NewsletterLinkProblemKind,
} from "~/features/newsletter/newsletter-link-problem";
import { newsletterTokenSchema } from "~/lib/newsletter-schemas";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/newsletter-confirm";

export function meta() {
  return [
    { title: pageTitle("Confirm your subscription") },
    { name: "robots", content: "noindex" },
  ];
}

// A malformed link is a 404 like an unknown one (neither works); only the words tell them apart.
const failed = (problem: NewsletterLinkProblemKind) =>
  data({ token: null, problem }, { status: 404 });

/** Opening the link only shows the button; a malformed or dead token is a 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = newsletterTokenSchema.safeParse(new URL(request.url).searchParams.get("token"));
  if (!parsed.success) return failed("malformed-confirm");
  if (!(await context.services.isNewsletterConfirmationLive(parsed.data))) {
    return failed("dead-confirm");
  }
  return { token: parsed.data, problem: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = newsletterTokenSchema.safeParse(form.get("token"));
  if (!parsed.success) return failed("malformed-confirm");
  if (!(await context.services.confirmNewsletterSubscription(parsed.data))) {
    return failed("dead-confirm");
  }
  return redirect("/newsletter-welcome", {
    headers: { "Set-Cookie": await confirmedCookieHeader(context.appUrl) },
  });
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  // A confirmation that worked redirects: an answer of the action is always a failure.
  const { token, problem } = actionData ?? loaderData;
  if (problem) return <NewsletterLinkProblem kind={problem} />;
  return (
    <NewsletterLinkAction
      title="Confirm your subscription"
      token={token}
      label="Confirm"
      busyLabel="Confirming..."
    >
      <p>Press Confirm to receive the weekly Business AI Tools newsletter at this address.</p>
    </NewsletterLinkAction>
  );
}
