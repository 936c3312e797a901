import { Form, useNavigation } from "react-router";

interface NewsletterSignupProps {
  /** An external newsletter form to embed instead of ours (NEWSLETTER_EMBED_URL). */
  embedUrl: string | null;
  error?: string;
}

export function NewsletterSignup({ embedUrl, error }: NewsletterSignupProps) {
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";
  if (embedUrl) {
    return (
      <iframe
        src={embedUrl}
        title="Newsletter sign-up form"
        className="h-[420px] w-full rounded-2xl border border-slate-200 bg-white"
        loading="lazy"
      />
    );
  }
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
          id="newsletter-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "newsletter-error" : undefined}
          className="min-w-0 flex-1 rounded-xl border border-slate-300 px-4 py-3 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
          placeholder="you@company.com"
        />
        <button
          type="submit"
          disabled={isSubmitting}
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
      <p className="mt-3 text-sm text-slate-600">
        We respect your privacy. You can unsubscribe at any time.
      </p>
    </Form>
  );
}
