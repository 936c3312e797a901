import { Link } from "react-router";
import { absoluteUrl, canonicalOf, pageTitle } from "~/lib/seo";
import type { Route } from "./+types/newsletter-welcome";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle("Welcome to the newsletter") },
    { name: "robots", content: "noindex" },
    ...canonicalOf(loaderData),
  ];
}

export function loader({ context }: Route.LoaderArgs) {
  return { canonicalUrl: absoluteUrl("/newsletter-welcome", context.appUrl) };
}

export default function NewsletterWelcome() {
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
      <Link
        to="/ai-tools"
        className="mt-8 inline-block rounded-xl bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
      >
        Browse AI tools
      </Link>
    </div>
  );
}
