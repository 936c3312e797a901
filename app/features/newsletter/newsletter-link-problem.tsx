import { Link } from "react-router";
import { CONFIRM_LINK_HOURS } from "~/lib/newsletter";

/**
 * Why a mailed link cannot work. A confirmation token we do not know may have been used already
 * (the person is subscribed), have expired or been replaced: the page cannot tell which, so it
 * says so rather than guessing.
 */
export type NewsletterLinkProblemKind = "malformed-confirm" | "dead-confirm" | "unsubscribe";

const words: Record<NewsletterLinkProblemKind, { title: string; text: string; action: string }> = {
  "malformed-confirm": {
    title: "This link is not valid",
    text: "It is not a whole confirmation link: part of the address may be missing. Copy the whole link from the confirmation mail, or subscribe again and we will mail you a new one.",
    action: "Subscribe again",
  },
  "dead-confirm": {
    title: "This confirmation link is no longer valid",
    text: `It may have been used already: then your subscription is confirmed and there is nothing more to do. Otherwise it has ended: a link works for ${CONFIRM_LINK_HOURS} hours, only the newest one mailed to you works, and unsubscribing ends it. Subscribe again and we will mail you a new link.`,
    action: "Subscribe again",
  },
  unsubscribe: {
    title: "This link is not valid",
    text: "We do not know this unsubscribe link. Copy the whole address from the newsletter mail, or use the unsubscribe button your mail app shows for it.",
    action: "Go to the newsletter page",
  },
};

/** What a confirmation or unsubscribe link that cannot work shows instead of its button. */
export function NewsletterLinkProblem({ kind }: { kind: NewsletterLinkProblemKind }) {
  const { title, text, action } = words[kind];
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-950">{title}</h1>
      <p className="mt-3 text-lg text-slate-700">{text}</p>
      <Link
        to="/newsletter"
        className="mt-8 inline-block rounded-xl bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
      >
        {action}
      </Link>
    </div>
  );
}
