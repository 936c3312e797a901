import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { NEWSLETTER_CONSENT_TEXT } from "~/lib/newsletter";

interface NewsletterSignupProps {
  /** An external newsletter form to embed instead of ours (NEWSLETTER_EMBED_URL). */
  embedUrl: string | null;
  error?: string;
  /** A request was accepted: the same answer whether the address was known or not. */
  isSent?: boolean;
}

export function NewsletterSignup({ embedUrl, error, isSent }: NewsletterSignupProps) {
  if (embedUrl) return <EmbeddedSignup embedUrl={embedUrl} />;
  if (isSent) return <CheckYourInbox />;
  return <SignupForm error={error} />;
}

/**
 * The external form loads another site into the page, so it loads only once the
 * visitor asks for it, never on the first render.
 */
function EmbeddedSignup({ embedUrl }: { embedUrl: string }) {
  const [isLoaded, setIsLoaded] = useState(false);
  const host = new URL(embedUrl).host;
  if (isLoaded) {
    return (
      <iframe
        src={embedUrl}
        title="Newsletter sign-up form"
        className="h-[420px] w-full rounded-2xl border border-slate-200 bg-white"
      />
    );
  }
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <p className="text-slate-700">
        {`Our newsletter's sign-up form is hosted by ${host}. It loads only when you ask for it; ${host} then sees your visit as any site you open does.`}
      </p>
      <button
        type="button"
        onClick={() => setIsLoaded(true)}
        className="mt-4 w-full rounded-xl bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 sm:w-auto"
      >
        {`Load the sign-up form from ${host}`}
      </button>
    </div>
  );
}

/**
 * Replaces the form, whose button had focus: focus moves to the answer so a screen reader reads
 * it (a live region as well would read it twice).
 */
function CheckYourInbox() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold text-slate-950 focus:outline-none"
      >
        Check your inbox
      </h2>
      <p className="mt-2 text-slate-700">
        If this address can receive the newsletter, a mail with a confirmation link is on its way.
        Open it and press Confirm within 48 hours. Nothing is sent until you confirm.
      </p>
    </div>
  );
}

function SignupForm({ error }: { error?: string }) {
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";
  const inputRef = useRef<HTMLInputElement>(null);
  // After every refused submission (also the same error twice) focus goes back to the field at
  // fault, which names the error through aria-describedby: the button lost it when disabled.
  useEffect(() => {
    if (error && !isSubmitting) inputRef.current?.focus();
  }, [error, isSubmitting]);
  return (
    <Form
      method="post"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      noValidate
    >
      <label htmlFor="newsletter-email" className="block font-medium text-slate-900">
        Email address
      </label>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row">
        <input
          ref={inputRef}
          id="newsletter-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "newsletter-error newsletter-consent" : "newsletter-consent"}
          className="min-w-0 flex-1 rounded-xl border border-slate-300 px-4 py-3 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
          placeholder="you@company.com"
        />
        <button
          type="submit"
          disabled={isSubmitting}
          aria-busy={isSubmitting || undefined}
          className="rounded-xl bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {isSubmitting ? "Subscribing..." : "Subscribe"}
        </button>
      </div>
      {error && (
        <p id="newsletter-error" role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <p id="newsletter-consent" className="mt-3 text-sm text-slate-600">
        {NEWSLETTER_CONSENT_TEXT} We mail you a link to confirm first.
      </p>
    </Form>
  );
}
