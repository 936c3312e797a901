import pino from "pino";
import { createAuth, type Auth } from "#server/auth/auth.server";
import type { DatabaseHandle } from "#server/db/client.server";
import type { Mail, Mailer } from "#server/mail/mailer.server";

/** Mail kept in memory, as the development outbox would keep it. */
export function recordingMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    kind: "outbox",
    sent,
    async send(mail) {
      sent.push(mail);
    },
    close: () => {},
  };
}

/** Better Auth as the app configures it, on a test database, silent, Google unset. */
export function buildTestAuth(
  database: DatabaseHandle,
  {
    appUrl = "http://localhost:3000",
    nodeEnv = "test",
    mailer = recordingMailer(),
  }: { appUrl?: string; nodeEnv?: "test" | "production"; mailer?: Mailer } = {},
): Auth {
  return createAuth({
    env: { APP_URL: appUrl, NODE_ENV: nodeEnv, GOOGLE_ISSUER_URL: "https://accounts.google.com" },
    secret: "x".repeat(32),
    db: database.db,
    mailer,
    logger: pino({ level: "silent" }),
  });
}
