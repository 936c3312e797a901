import { data } from "react-router";
import { isLoopbackAddress } from "~/lib/ip-address";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/dev-mailbox";

export function meta() {
  return [{ title: pageTitle("Development mailbox") }, { name: "robots", content: "noindex" }];
}

/**
 * The development outbox: mail the server would have sent. Not found in production, nor from
 * any machine but the server's own (it shows sign-in and reset links).
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (!isLoopbackAddress(context.clientAddress)) throw data("Not found", { status: 404 });
  const mails = await context.services.readOutbox();
  if (!mails) throw data("Not found", { status: 404 });
  return {
    mails: mails.map((mail) => ({ ...mail, createdAt: mail.createdAt.toISOString() })),
  };
}

const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-950">Development mailbox</h1>
      <p className="mt-2 text-slate-600">
        No <code>SMTP_URL</code> is set, so mail is kept here (newest first) instead of being sent.
      </p>
      {loaderData.mails.length === 0 ? (
        <p className="mt-8 text-slate-600">No mail yet.</p>
      ) : (
        <ol className="mt-8 space-y-6">
          {loaderData.mails.map((mail) => (
            <li key={mail.id} className="rounded-2xl border border-slate-200 bg-white p-5">
              <h2 className="font-semibold text-slate-950">{mail.subject}</h2>
              <p className="text-sm text-slate-600">
                To {mail.to} · {new Date(mail.createdAt).toLocaleString("en-GB")}
              </p>
              <pre className="mt-3 text-sm whitespace-pre-wrap text-slate-800">{mail.text}</pre>
              {(mail.text.match(URL_PATTERN) ?? []).map((url) => (
                <a key={url} href={url} className="mt-2 block break-all text-brand-700 underline">
                  {url}
                </a>
              ))}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
