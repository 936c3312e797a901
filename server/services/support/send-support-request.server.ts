import type { SupportRequest } from "~/lib/support-request-schemas";
import type { Database } from "#server/db/client.server";
import type { Mailer } from "#server/mail/mailer.server";
import { supportRequestMail } from "#server/mail/templates.server";
import { addressKeyOf } from "#server/rate-limit/client-key.server";
import { consumeRateLimit, type RateRule } from "#server/rate-limit/consume-rate-limit.server";

/** Requests per client (an IPv6 client by its /64) per hour: a person asks once or twice. */
const SUPPORT_REQUEST_RATE: RateRule = { window: 3600, max: 5 };

/**
 * "sent" once the operator's mail server took the mail; refused past the rate limit with the
 * seconds until it may be tried again (the answer's Retry-After); "failed" when the mail could
 * not be handed over, so the visitor knows to try again rather than wait for an answer.
 */
type SupportRequestOutcome = "sent" | "failed" | { retryAfterSeconds: number };

interface SupportMailing {
  mailer: Mailer;
  /** SUPPORT_EMAIL: the operator's inbox. */
  to: string;
  onMailFailure: (error: unknown) => void;
}

/**
 * Mails a visitor's request to the operator, with Reply-To set to the visitor, so that answering
 * the mail answers them. A request caught by the honeypot field (a bot filled in what people
 * cannot see) is counted and answered as sent, and mailed to nobody.
 */
export async function sendSupportRequest(
  db: Database,
  request: SupportRequest,
  { clientAddress, isBot }: { clientAddress: string; isBot: boolean },
  { mailer, to, onMailFailure }: SupportMailing,
): Promise<SupportRequestOutcome> {
  const decision = await consumeRateLimit(
    db,
    `support-request:${addressKeyOf(clientAddress)}`,
    SUPPORT_REQUEST_RATE,
  );
  if (!decision.allowed) return { retryAfterSeconds: decision.retryAfter };
  if (isBot) return "sent";
  try {
    await mailer.send(supportRequestMail(to, request));
    return "sent";
  } catch (error) {
    onMailFailure(error);
    return "failed";
  }
}
