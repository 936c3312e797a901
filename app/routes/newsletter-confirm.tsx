import { data, redirect } from "react-router";
import { NewsletterLinkAction } from "~/features/newsletter/newsletter-link-action";
import { NewsletterLinkProblem } from "~/features/newsletter/newsletter-link-problem";
import { newsletterTokenSchema } from "~/lib/newsletter-schemas";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/newsletter-confirm";

export function meta() {
  return [
    { title: pageTitle("Confirm your subscription") },
    { name: "robots", content: "noindex" },
  ];
}

// A malformed link is a 404 like an unknown one: to its reader both are a link that does not work.
const failed = () => data({ token: null }, { status: 404 });

/** Issue 19: opening the link only shows the button; a malformed or dead token is a 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = newsletterTokenSchema.safeParse(new URL(request.url).searchParams.get("token"));
  if (!parsed.success) return failed();
  if (!(await context.services.isNewsletterConfirmationLive(parsed.data))) return failed();
  return { token: parsed.data };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = newsletterTokenSchema.safeParse(form.get("token"));
  if (!parsed.success) return failed();
  if (!(await context.services.confirmNewsletterSubscription(parsed.data))) return failed();
  return redirect("/newsletter-welcome");
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const token = actionData ? null : loaderData.token;
  if (!token) return <NewsletterLinkProblem kind="confirm" />;
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
