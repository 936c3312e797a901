import { data } from "react-router";
import { NewsletterSignup } from "~/features/newsletter/newsletter-signup";
import { NEWSLETTER_RATE_LIMITED } from "~/lib/newsletter";
import { newsletterSignupSchema } from "~/lib/newsletter-schemas";
import { firstProblem } from "~/lib/field-errors";
import { absoluteUrl, canonicalOf, pageTitle } from "~/lib/seo";
import { passRetryAfter } from "./pass-retry-after";
import type { Route } from "./+types/newsletter";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle("Weekly AI tools newsletter") },
    {
      name: "description",
      content:
        "One short weekly email with the AI tools, updates and guides that matter to business teams.",
    },
    ...canonicalOf(loaderData),
  ];
}

export const headers = passRetryAfter;

export function loader({ context }: Route.LoaderArgs) {
  return {
    embedUrl: context.services.getNewsletterEmbedUrl(),
    canonicalUrl: absoluteUrl("/newsletter", context.appUrl),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = newsletterSignupSchema.safeParse({ email: form.get("email") ?? "" });
  if (!parsed.success) {
    return { error: firstProblem(parsed.error, "Enter a valid email address.") };
  }
  const outcome = await context.services.subscribeToNewsletter(parsed.data, context.clientAddress);
  // A 429 that still renders the page: the form shows why, and a client that reads the status
  // (a script, a crawler) knows to wait.
  if (outcome !== "sent") {
    return data(
      { error: NEWSLETTER_RATE_LIMITED },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  // The same answer for every address, known, confirmed or new.
  return { isSent: true as const };
}

export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-950">
        The Business AI Tools newsletter
      </h1>
      <p className="mt-3 text-lg text-slate-700">
        Every week: the new AI tools worth a look, the updates that change how teams work, and one
        practical guide to putting AI to use in a business. Five minutes to read, no hype.
      </p>
      <ul className="mt-6 space-y-2 text-slate-700">
        <li>✓ A short list of notable launches, with who they are for</li>
        <li>✓ Pricing changes and new free plans</li>
        <li>✓ Case studies from teams of every size</li>
      </ul>
      <div className="mt-8">
        <NewsletterSignup
          embedUrl={loaderData.embedUrl}
          error={actionData && "error" in actionData ? actionData.error : undefined}
          isSent={actionData && "isSent" in actionData}
        />
      </div>
    </div>
  );
}
