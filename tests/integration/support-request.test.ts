import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/implementation-support";
import type { DatabaseHandle } from "#server/db/client.server";
import type { Mail } from "#server/mail/mailer.server";
import { createSupportServices } from "#server/services/support/support-services.server";
import { recordingMailer } from "./test-auth";
import { databaseKind, openTestDatabase } from "./test-database";

// The /implementation-support form's action with the real services: field errors, the mail the
// operator receives, the honeypot, the limit per client and a mail server that refuses.

type ActionArgs = Parameters<typeof action>[0];

const OPERATOR = "operator@example.com";
const REQUEST = {
  name: "Ada Lovelace",
  email: "Ada@Example.com",
  company: "Analytical Engines Ltd",
  message: "We want to automate our invoice approvals.\r\n\r\nWhere should we start?",
};

describe(`the implementation-support form on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  const mailer = recordingMailer();
  let failingMailer = false;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const send = (fields: Record<string, string>, clientAddress: string) => {
    const services = createSupportServices({
      db: database.db,
      mailer: {
        ...mailer,
        send: async (mail: Mail) => {
          if (failingMailer) throw new Error("connection refused");
          await mailer.send(mail);
        },
      },
      supportEmail: OPERATOR,
      logger: pino({ level: "silent" }),
    });
    return action({
      request: new Request("http://localhost:3999/implementation-support", {
        method: "POST",
        body: new URLSearchParams(fields),
      }),
      context: { services, clientAddress },
      params: {},
    } as unknown as ActionArgs);
  };
  const mailsTo = (address: string) => mailer.sent.filter((mail) => mail.to === address);

  it("names every field at fault and mails nothing", async () => {
    const before = mailer.sent.length;
    const answer = await send(
      { name: " ", email: "not-an-address", company: "", message: "Help" },
      "10.71.0.1",
    );
    expect(answer).toMatchObject({
      fieldErrors: {
        name: "Enter your name.",
        email: "Enter a valid email address.",
        message: "Write at least 10 characters.",
      },
      values: { email: "not-an-address", message: "Help" },
    });
    expect(answer).not.toHaveProperty("fieldErrors.company");
    expect(mailer.sent.length).toBe(before);
  });

  it("refuses a name holding a control character", async () => {
    const answer = await send({ ...REQUEST, name: "Ada\u0007" }, "10.71.0.2");
    expect(answer).toMatchObject({
      fieldErrors: {
        name: "Your name holds a control character or another character that is not allowed.",
      },
    });
  });

  it("mails the request to the operator with Reply-To the visitor", async () => {
    expect(await send(REQUEST, "10.71.0.3")).toEqual({ sentTo: "ada@example.com" });
    const [mail] = mailsTo(OPERATOR).slice(-1);
    expect(mail).toMatchObject({
      to: OPERATOR,
      replyTo: "ada@example.com",
      subject: "Implementation support request from Ada Lovelace",
    });
    expect(mail!.text).toContain("Ada Lovelace (ada@example.com) from Analytical Engines Ltd");
    expect(mail!.text).toContain(
      "We want to automate our invoice approvals.\n\nWhere should we start?",
    );
    expect(mail!.html).toContain("<p>Where should we start?</p>");
  });

  it("escapes the visitor's words in the mail's HTML", async () => {
    await send(
      { ...REQUEST, company: "", message: "<script>alert(1)</script> & more" },
      "10.71.0.4",
    );
    const mail = mailsTo(OPERATOR).at(-1)!;
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; more");
    expect(mail.html).not.toContain("<script>");
    expect(mail.text).toContain("Ada Lovelace (ada@example.com) asks");
  });

  it("answers a filled-in honeypot as sent and mails nobody", async () => {
    const before = mailer.sent.length;
    expect(await send({ ...REQUEST, hp_b7: "https://spam.example" }, "10.71.0.5")).toEqual({
      sentTo: "ada@example.com",
    });
    expect(mailer.sent.length).toBe(before);
  });

  it("refuses the sixth request of a client in an hour with 429, Retry-After and the wait", async () => {
    for (let n = 0; n < 5; n++) {
      expect(await send(REQUEST, "2001:db8:71::1")).toEqual({ sentTo: "ada@example.com" });
    }
    const before = mailer.sent.length;
    // Another address in the same /64 is the same client.
    const refused = await send(REQUEST, "2001:db8:71::2");
    expect(refused).toMatchObject({
      data: {
        error: "You have sent several requests in a short time. Please try again in 60 minutes.",
        values: { name: "Ada Lovelace" },
      },
      init: { status: 429 },
    });
    const retryAfter = new Headers((refused as { init?: ResponseInit }).init?.headers).get(
      "Retry-After",
    );
    expect(Number(retryAfter)).toBeGreaterThan(3500);
    expect(Number(retryAfter)).toBeLessThanOrEqual(3600);
    expect(mailer.sent.length).toBe(before);
    // Another client is not held back.
    expect(await send(REQUEST, "10.71.0.6")).toEqual({ sentTo: "ada@example.com" });
  });

  it("says so, with the operator's address, when the mail server refuses the mail", async () => {
    failingMailer = true;
    try {
      expect(await send(REQUEST, "10.71.0.7")).toMatchObject({
        data: {
          error: `Your request could not be sent just now. Please try again in a few minutes, or write to ${OPERATOR}.`,
        },
        init: { status: 503 },
      });
    } finally {
      failingMailer = false;
    }
  });
});
