import nodemailer from "nodemailer";
import type { Database } from "../db/client.server";
import { mailOutbox } from "../db/schema";
import type { Env } from "../core/env.server";
import type { Logger } from "../core/logger.server";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where answers go instead of MAIL_FROM (a support request: the visitor who sent it). */
  replyTo?: string;
  /** Extra header fields (the newsletter's List-Unsubscribe); the outbox does not keep them. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** "smtp" delivers; "outbox" keeps mail in the database and the log (no SMTP_URL). */
  readonly kind: "smtp" | "outbox";
  close(): void;
}

interface MailerOptions {
  env: Pick<Env, "SMTP_URL" | "MAIL_FROM" | "APP_URL" | "NODE_ENV">;
  db: Database;
  logger: Logger;
}

/** A site only this machine can open: a trial run, where showing mail in the log is safe. */
function isLocalSite(appUrl: string): boolean {
  const host = new URL(appUrl).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]";
}

/**
 * Mail through nodemailer on SMTP_URL. Without it, mail goes to the development outbox: a row in
 * mail_outbox (read at /dev/mailbox outside production) and a log line. The log carries the text
 * (with its sign-in links) only in development or on a local site, so a person trying the
 * product can still follow a verification link; a public site logs who and what, never the links.
 */
export function createMailer({ env, db, logger }: MailerOptions): Mailer {
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport(env.SMTP_URL);
    return {
      kind: "smtp",
      async send(mail) {
        await transport.sendMail({ from: env.MAIL_FROM, ...mail });
        logger.info({ to: mail.to, subject: mail.subject }, "mail sent");
      },
      close: () => transport.close(),
    };
  }
  const showsText = env.NODE_ENV !== "production" || isLocalSite(env.APP_URL);
  if (!showsText) logger.warn("SMTP_URL is not set: mail is not sent (see mail_outbox)");
  return {
    kind: "outbox",
    async send(mail) {
      await db
        .insert(mailOutbox)
        .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      logger.info(
        { to: mail.to, subject: mail.subject, ...(showsText ? { text: mail.text } : {}) },
        "mail kept in the outbox (no SMTP_URL)",
      );
    },
    close: () => {},
  };
}
