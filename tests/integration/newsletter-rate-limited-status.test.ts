import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/newsletter";
import type { DatabaseHandle } from "#server/db/client.server";
import { createNewsletterServices } from "#server/services/newsletter/newsletter-services.server";
import { recordingMailer } from "./test-auth";
import { databaseKind, openTestDatabase } from "./test-database";

// The /newsletter form's action with the real services: past a limit the page still shows the
// message, but the answer is a 429 with Retry-After, not a 200.

type ActionArgs = Parameters<typeof action>[0];

describe(`a rate-limited newsletter sign-up on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let context: ActionArgs["context"];

  beforeAll(async () => {
    database = await openTestDatabase();
    const services = createNewsletterServices({
      db: database.db,
      embedUrl: undefined,
      mailer: recordingMailer(),
      appUrl: "http://localhost:3999",
      logger: pino({ level: "silent" }),
    });
    context = { services, clientAddress: "10.61.0.1" } as unknown as ActionArgs["context"];
  });
  afterAll(async () => {
    await database.close();
  });

  const signUp = (email: string) =>
    action({
      request: new Request("http://localhost:3999/newsletter", {
        method: "POST",
        body: new URLSearchParams({ email }),
      }),
      context,
      params: {},
    } as ActionArgs);

  it("answers the sixth sign-up of one address in an hour with 429, Retry-After and the message", async () => {
    for (let n = 0; n < 5; n++) {
      expect(await signUp("limited@example.com")).toEqual({ isSent: true });
    }
    const refused = await signUp("limited@example.com");
    expect(refused).toMatchObject({
      data: { error: "Too many requests. Please try again later." },
      init: { status: 429 },
    });
    const retryAfter = new Headers((refused as { init?: ResponseInit }).init?.headers).get(
      "Retry-After",
    );
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(3600);
  });
});
