import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";

interface NewsletterLinkActionProps {
  title: string;
  children: ReactNode;
  token: string;
  label: string;
  busyLabel: string;
}

/**
 * A mailed link's page: it changes nothing until the person presses the button (a POST), because
 * mail scanners open every link in a mail.
 */
export function NewsletterLinkAction({
  title,
  children,
  token,
  label,
  busyLabel,
}: NewsletterLinkActionProps) {
  const navigation = useNavigation();
  const isSubmitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-950">{title}</h1>
      <div className="mt-3 text-lg text-slate-700">{children}</div>
      <Form method="post" className="mt-8">
        <input type="hidden" name="token" value={token} />
        <button
          type="submit"
          disabled={isSubmitting}
          aria-busy={isSubmitting || undefined}
          className="w-full rounded-xl bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
        >
          {isSubmitting ? busyLabel : label}
        </button>
      </Form>
    </div>
  );
}
