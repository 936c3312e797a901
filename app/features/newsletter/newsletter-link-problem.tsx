import { Link } from "react-router";

/** What a confirmation or unsubscribe link that cannot work shows instead of its button. */
export function NewsletterLinkProblem({ kind }: { kind: "confirm" | "unsubscribe" }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-950">
        {kind === "confirm" ? "This confirmation link has expired" : "This link is not valid"}
      </h1>
      <p className="mt-3 text-lg text-slate-700">
        {kind === "confirm"
          ? "Confirmation links work once, for 48 hours, and only the newest one mailed to you works. Subscribe again and we will mail you a new link."
          : "We do not know this unsubscribe link. Copy the whole address from the newsletter mail, or use the unsubscribe button your mail app shows for it."}
      </p>
      <Link
        to="/newsletter"
        className="mt-8 inline-block rounded-xl bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
      >
        {kind === "confirm" ? "Subscribe again" : "Go to the newsletter page"}
      </Link>
    </div>
  );
}
