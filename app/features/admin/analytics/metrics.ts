import type { AnalyticsTotals } from "~/lib/api/contract";

export type MetricKey = keyof AnalyticsTotals;

export const CONSENT_NOTE = "Only visitors who allowed analytics are counted.";

/** The dashboard's figures, in the order shown, with what each one counts. */
export const METRICS: readonly { key: MetricKey; label: string; note: string }[] = [
  { key: "visitors", label: "Visitors", note: CONSENT_NOTE },
  { key: "pageViews", label: "Page views", note: CONSENT_NOTE },
  { key: "toolViews", label: "Tool views", note: CONSENT_NOTE },
  { key: "likes", label: "Likes", note: "Every like given, consent or not." },
  { key: "signUps", label: "Sign-ups", note: "Accounts created." },
  {
    key: "newsletterConfirmations",
    label: "Newsletter confirmations",
    note: "Subscriptions their owners confirmed from the mail.",
  },
];
