import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import {
  describedBy,
  ErrorBox,
  FieldNotes,
  INPUT_CLASS,
  SubmitButton,
} from "~/components/form-controls";
import type { SupportRequest } from "~/lib/support-request-schemas";

type SupportValues = Record<keyof SupportRequest, string>;

/** What the form's action answered: sent, fields to correct, or a refusal of the whole request. */
type SupportAnswer =
  | { sentTo: string }
  | { fieldErrors: Record<string, string>; values: SupportValues }
  | { error: string; values: SupportValues };

interface SupportPageProps {
  /** The operator's address, for those who would rather write a mail themselves. */
  supportEmail: string;
  /** The hidden field that only bots fill in. */
  honeypotField: string;
  answer: SupportAnswer | undefined;
}

const HELP_WE_GIVE = [
  "Which tools fit your team's size, budget and the software you already use",
  "A first workflow to automate, and how to measure the hours it saves",
  "A rollout plan your team can follow, from the pilot to everyone",
];

export function SupportPage({ supportEmail, honeypotField, answer }: SupportPageProps) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-950">
        Get implementation support
      </h1>
      <p className="mt-3 text-lg text-slate-700">
        Tell us what you would like AI to do for your business. A person reads every request and
        answers by email, usually within two business days.
      </p>
      <ul className="mt-6 space-y-2 text-slate-700">
        {HELP_WE_GIVE.map((item) => (
          <li key={item}>✓ {item}</li>
        ))}
      </ul>
      <div className="mt-8">
        {answer && "sentTo" in answer ? (
          <RequestSent sentTo={answer.sentTo} />
        ) : (
          <SupportForm honeypotField={honeypotField} answer={answer} />
        )}
      </div>
      <p className="mt-6 text-sm text-slate-600">
        Prefer to write yourself? Mail{" "}
        <a
          href={`mailto:${supportEmail}`}
          className="font-medium text-brand-700 underline hover:text-brand-800"
        >
          {supportEmail}
        </a>
        .
      </p>
    </div>
  );
}

/**
 * Replaces the form, whose button had focus: focus moves to the answer so a screen reader reads
 * it (a live region as well would read it twice).
 */
function RequestSent({ sentTo }: { sentTo: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="rounded-2xl border border-green-200 bg-green-50 p-6 shadow-sm">
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold text-slate-950 focus:outline-none"
      >
        Thank you, your request is on its way
      </h2>
      <p className="mt-2 text-slate-700">{`We will answer you at ${sentTo}.`}</p>
    </div>
  );
}

interface SupportFormProps {
  honeypotField: string;
  answer: Exclude<SupportAnswer, { sentTo: string }> | undefined;
}

function SupportForm({ honeypotField, answer }: SupportFormProps) {
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const fieldErrors = answer && "fieldErrors" in answer ? answer.fieldErrors : {};
  const error = answer && "error" in answer ? answer.error : undefined;
  // After every refused submission focus goes to the first field at fault, which names its error
  // through aria-describedby (the button lost focus when it was disabled); a refusal of the whole
  // request is announced by its alert.
  useEffect(() => {
    if (!answer || isSubmitting) return;
    formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [answer, isSubmitting]);
  const field = (name: keyof SupportValues) => ({
    id: `support-${name}`,
    name,
    defaultValue: answer?.values[name],
    "aria-invalid": fieldErrors[name] ? true : undefined,
    "aria-describedby": describedBy(`support-${name}`, false, fieldErrors[name]),
    className: INPUT_CLASS,
  });
  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      aria-label="Implementation support request"
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      {error && <ErrorBox>{error}</ErrorBox>}
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <div>
          <Label htmlFor="support-name">Name</Label>
          <input {...field("name")} type="text" autoComplete="name" required />
          <FieldNotes id="support-name" error={fieldErrors.name} />
        </div>
        <div>
          <Label htmlFor="support-email">Work email</Label>
          <input {...field("email")} type="email" autoComplete="email" required />
          <FieldNotes id="support-email" error={fieldErrors.email} />
        </div>
      </div>
      <div>
        <Label htmlFor="support-company">
          Company <span className="font-normal text-slate-600">(optional)</span>
        </Label>
        <input {...field("company")} type="text" autoComplete="organization" />
        <FieldNotes id="support-company" error={fieldErrors.company} />
      </div>
      <div>
        <Label htmlFor="support-message">How can we help?</Label>
        <textarea {...field("message")} rows={6} required />
        <FieldNotes id="support-message" error={fieldErrors.message} />
      </div>
      <Honeypot name={honeypotField} />
      <SubmitButton isPending={isSubmitting} pendingLabel="Sending...">
        Send request
      </SubmitButton>
    </Form>
  );
}

function Label({ htmlFor, children }: { htmlFor: string; children: React.ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-800">
      {children}
    </label>
  );
}

/** Off screen and out of the tab order and the accessibility tree: only a bot fills it in. */
function Honeypot({ name }: { name: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={`support-${name}`}>Leave this field empty</label>
      <input id={`support-${name}`} name={name} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
