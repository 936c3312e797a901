import { data } from "react-router";
import { NewsletterLinkAction } from "~/features/newsletter/newsletter-link-action";
import { NewsletterLinkProblem } from "~/features/newsletter/newsletter-link-problem";
import { newsletterTokenSchema } from "~/lib/newsletter-schemas";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/newsletter-unsubscribe";

export function meta() {
  return [{ title: pageTitle("Unsubscribe") }, { name: "robots", content: "noindex" }];
}

// A malformed link is a 404 like an unknown one: to its reader both are a link that does not work.
const failed = () => data({ token: null, isUnsubscribed: false }, { status: 404 });

/** Opening the link only shows the button (mail scanners open links). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = newsletterTokenSchema.safeParse(new URL(request.url).searchParams.get("token"));
  if (!parsed.success) return failed();
  const membership = await context.services.getNewsletterMembership(parsed.data);
  if (!membership) return failed();
  return { token: parsed.data, isUnsubscribed: membership === "unsubscribed" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = newsletterTokenSchema.safeParse(form.get("token"));
  if (!parsed.success) return failed();
  if (!(await context.services.unsubscribeFromNewsletter(parsed.data))) return failed();
  return { token: parsed.data, isUnsubscribed: true };
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { token, isUnsubscribed } = actionData ?? loaderData;
  if (!token) return <NewsletterLinkProblem kind="unsubscribe" />;
  if (isUnsubscribed) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-950">You are unsubscribed</h1>
        <p role="status" className="mt-3 text-lg text-slate-700">
          We will not send you the newsletter any more. Changed your mind? Subscribe again on the
          newsletter page; we will ask you to confirm.
        </p>
      </div>
    );
  }
  return (
    <NewsletterLinkAction
      title="Unsubscribe from the newsletter"
      token={token}
      label="Unsubscribe"
      busyLabel="Unsubscribing..."
    >
      <p>Press Unsubscribe and we will not send you the weekly newsletter any more.</p>
    </NewsletterLinkAction>
  );
}
