import { Link } from "react-router";
import { hasJustConfirmed } from "~/features/newsletter/confirmed-cookie.server";
import { absoluteUrl, canonicalOf, pageTitle } from "~/lib/seo";
import type { Route } from "./+types/newsletter-welcome";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    {
      title: pageTitle(
        loaderData?.isConfirmed ? "Welcome to the newsletter" : "Subscribe to the newsletter",
      ),
    },
    { name: "robots", content: "noindex" },
    ...canonicalOf(loaderData),
  ];
}

/** It says a subscription is confirmed only right after the confirmation link's redirect. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    isConfirmed: await hasJustConfirmed(request),
    canonicalUrl: absoluteUrl("/newsletter-welcome", context.appUrl),
  };
}

const BUTTON =
  "mt-8 inline-block rounded-xl bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800";

export default function NewsletterWelcome({ loaderData }: Route.ComponentProps) {
  if (!loaderData.isConfirmed) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-950">
          Subscribe to the newsletter
        </h1>
        <p className="mt-3 text-lg text-slate-700">
          Enter your email on the newsletter page and we will send you a confirmation link. Your
          subscription starts once you open it and press Confirm.
        </p>
        <Link to="/newsletter" className={BUTTON}>
          Go to the newsletter sign-up
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
      <p aria-hidden="true" className="text-5xl">
        🎉
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-950">
        Your subscription is confirmed
      </h1>
      <p className="mt-3 text-lg text-slate-700">
        Thanks for confirming. We have mailed you a welcome note, and the next issue arrives in your
        inbox this week. Every email has a one-click unsubscribe link.
      </p>
      <Link to="/ai-tools" className={BUTTON}>
        Browse AI tools
      </Link>
    </div>
  );
}
