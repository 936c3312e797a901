import { data } from "react-router";
import { SupportPage } from "~/features/support/support-page";
import { fieldErrorsOf } from "~/lib/field-errors";
import { SUPPORT_PATH } from "~/lib/paths";
import { absoluteUrl, canonicalOf, pageTitle } from "~/lib/seo";
import { supportRequestOf, supportRequestSchema } from "~/lib/support-request-schemas";
import { waitInMinutes } from "~/lib/wait-in-minutes";
import { passRetryAfter } from "./pass-retry-after";
import type { Route } from "./+types/implementation-support";

/** The form's hidden field: people never see it, so whatever fills it in is a bot. */
const HONEYPOT_FIELD = "hp_b7";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle("Get implementation support") },
    {
      name: "description",
      content:
        "Tell us what you want AI to do for your business: we help you choose the tools and plan the rollout.",
    },
    ...canonicalOf(loaderData),
  ];
}

export const headers = passRetryAfter;

export function loader({ context }: Route.LoaderArgs) {
  return {
    supportEmail: context.services.getSupportEmail(),
    canonicalUrl: absoluteUrl(SUPPORT_PATH, context.appUrl),
  };
}

function tryAgainIn(seconds: number): string {
  return `You have sent several requests in a short time. Please try again in ${waitInMinutes(seconds)}.`;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = supportRequestOf(form);
  const parsed = supportRequestSchema.safeParse(values);
  // The values come back so that a page without JavaScript shows them again beside the errors.
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values };
  const honeypot = form.get(HONEYPOT_FIELD);
  const outcome = await context.services.sendSupportRequest(parsed.data, {
    clientAddress: context.clientAddress,
    isBot: typeof honeypot === "string" && honeypot !== "",
  });
  if (outcome === "failed") {
    const supportEmail = context.services.getSupportEmail();
    return data(
      {
        error: `Your request could not be sent just now. Please try again in a few minutes, or write to ${supportEmail}.`,
        values,
      },
      { status: 503 },
    );
  }
  if (outcome !== "sent") {
    return data(
      { error: tryAgainIn(outcome.retryAfterSeconds), values },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  return { sentTo: parsed.data.email };
}

export default function ImplementationSupport({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SupportPage
      supportEmail={loaderData.supportEmail}
      honeypotField={HONEYPOT_FIELD}
      answer={actionData}
    />
  );
}
