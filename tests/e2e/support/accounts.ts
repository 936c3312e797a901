import { createHash, randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { test as base, expect } from "../fixtures";
import { firstLink, MAIL_CATCHER_URL, waitForMail } from "./mailbox";

// Account helpers for end-to-end tests. Every test comes from its own client address (a trusted
// X-Forwarded-For from loopback), so the per-address rate limits of one test never touch another.

export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide, testInfo) => {
    const digest = createHash("sha256").update(`${testInfo.testId}:${testInfo.retry}`).digest();
    await provide({
      ...extraHTTPHeaders,
      "x-forwarded-for": `10.${digest[0]}.${digest[1]}.${digest[2]}`,
    });
  },
});

export { expect };

export const PASSWORD = "correct horse 42";

export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * Signs a new person up through the API of the page's browser context (so its cookies are the
 * page's), then follows the mailed verification link (which signs the browser in) unless
 * `verified` is false, which leaves it holding only the pending sign-up (decision 010): an
 * account whose address is not verified cannot be signed in to (decision 022).
 */
export async function signUpByApi(
  page: Page,
  {
    email,
    password = PASSWORD,
    name = "",
    verified = true,
  }: {
    email: string;
    password?: string;
    name?: string;
    verified?: boolean;
  },
) {
  const baseURL = test.info().project.use.baseURL ?? "";
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password, name, callbackURL: "/verify-email" },
    headers: { origin: baseURL },
  });
  expect(response.status()).toBe(200);
  if (!verified) return;
  const mail = await waitForMail(email, { subject: /verify your email/i });
  const verify = await page.request.get(firstLink(mail.text, "/verify-email"));
  expect(verify.ok()).toBe(true);
}

export async function signInByApi(page: Page, email: string, password: string) {
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password },
    headers: { origin: test.info().project.use.baseURL ?? "" },
  });
  expect(response.status()).toBe(200);
}

/** Asks for a reset link, follows it from the mail and sets `newPassword` (ending all sessions). */
export async function resetPasswordByMail(page: Page, email: string, newPassword: string) {
  const origin = test.info().project.use.baseURL ?? "";
  const earlier = await fetchMailCount(email, /reset your password/i);
  const asked = await page.request.post("/api/auth/request-password-reset", {
    data: { email, redirectTo: "/reset-password" },
    headers: { origin },
  });
  expect(asked.status()).toBe(200);
  const mail = await waitForMail(email, { subject: /reset your password/i, after: earlier });
  const link = await page.request.get(firstLink(mail.text, "/reset-password"), { maxRedirects: 0 });
  const token = new URL(link.headers()["location"] ?? "", origin).searchParams.get("token");
  expect(token).toBeTruthy();
  const reset = await page.request.post("/api/auth/reset-password", {
    data: { token, newPassword },
    headers: { origin },
  });
  expect(reset.status()).toBe(200);
}

async function fetchMailCount(email: string, subject: RegExp): Promise<number> {
  const response = await fetch(`${MAIL_CATCHER_URL}/messages?to=${encodeURIComponent(email)}`);
  const mails = (await response.json()) as { subject: string }[];
  return mails.filter((mail) => subject.test(mail.subject)).length;
}

/** Signs in through the Google popup (the local OIDC provider) as `email`. */
export async function signInWithGoogle(page: Page, email: string, name: string) {
  await page.goto("/");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("button", { name: "Sign In" }).first().click();
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  const popup = await popupOpened;
  await popup.getByLabel("Email").fill(email);
  await popup.getByLabel("Name").fill(name);
  // The popup may close as soon as the provider answers: listen before clicking.
  const closed = popup.waitForEvent("close");
  await popup.getByRole("button", { name: "Continue" }).click();
  await closed;
  await expect(page.getByRole("link", { name: "My Account" })).toBeVisible();
}
