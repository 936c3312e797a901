import type { SupportRequest } from "~/lib/support-request-schemas";
import type { Database } from "#server/db/client.server";
import type { Logger } from "#server/core/logger.server";
import type { Mailer } from "#server/mail/mailer.server";
import { sendSupportRequest } from "./send-support-request.server";

/** The implementation-support form: requests mailed to the operator (SUPPORT_EMAIL). */
export function createSupportServices({
  db,
  mailer,
  supportEmail,
  logger,
}: {
  db: Database;
  mailer: Mailer;
  supportEmail: string;
  logger: Logger;
}) {
  const mailing = {
    mailer,
    to: supportEmail,
    onMailFailure: (error: unknown) => logger.error({ err: error }, "support request mail failed"),
  };
  return {
    getSupportEmail: () => supportEmail,
    sendSupportRequest: (
      request: SupportRequest,
      sender: { clientAddress: string; isBot: boolean },
    ) => sendSupportRequest(db, request, sender, mailing),
  };
}
