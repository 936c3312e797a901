import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, signInWithGoogle, test, uniqueEmail } from "./support/accounts";
import { firstLink, MAIL_CATCHER_URL, waitForMail, type CaughtMail } from "./support/mailbox";

// Double opt-in through the real SMTP catcher, confirmation by POST, one-click
// unsubscribe (RFC 8058). Every test comes from a client address of its own (support/accounts.ts).

async function expectNoAxeViolations(page: Page) {
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
}

async function expectNoAxeViolationsOn(page: Page, path: string) {
  await page.goto(path);
  await expectNoAxeViolations(page);
}

async function mailsTo(email: string): Promise<CaughtMail[]> {
  const response = await fetch(`${MAIL_CATCHER_URL}/messages?to=${encodeURIComponent(email)}`);
  return (await response.json()) as CaughtMail[];
}

async function requestSubscription(page: Page, email: string) {
  await page.goto("/newsletter");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Subscribe" }).click();
  // The answer replaces the form, focused so a screen reader reads it.
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeFocused();
  await expect(page).toHaveURL(/\/newsletter$/);
}

/** The one-click URL of a mail's List-Unsubscribe header, checked against RFC 8058. */
function oneClickUrlOf(mail: CaughtMail): string {
  const baseURL = test.info().project.use.baseURL ?? "";
  expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  const header = mail.headers["list-unsubscribe"] ?? "";
  expect(header).toMatch(/^<http:\/\/[^>]+\/api\/newsletter\/unsubscribe\?token=[\w-]{43}>$/);
  const url = header.slice(1, -1);
  expect(url.startsWith(`${baseURL}/`)).toBe(true);
  return url;
}

test("the newsletter round trip: subscribe, confirm by POST, welcome, one-click unsubscribe", async ({
  page,
  request,
}) => {
  test.slow();
  const email = uniqueEmail("reader");
  await expectNoAxeViolationsOn(page, "/newsletter");
  await requestSubscription(page, email);

  const confirmation = await waitForMail(email, { subject: /confirm your newsletter/i });
  const oneClickUrl = oneClickUrlOf(confirmation);
  const token = new URL(oneClickUrl).searchParams.get("token");
  expect(confirmation.text).toContain(`/newsletter/unsubscribe?token=${token}`);
  expect(confirmation.html).toContain(`/newsletter/unsubscribe?token=${token}`);
  const confirmUrl = firstLink(confirmation.text, "/newsletter/confirm");

  // A mail scanner opens the link: nothing is confirmed, the link keeps working.
  expect((await request.get(confirmUrl)).status()).toBe(200);
  const opened = await page.goto(confirmUrl);
  expect(opened?.status()).toBe(200);
  await expect(
    page.getByRole("heading", { level: 1, name: "Confirm your subscription" }),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Confirm" })).toBeVisible();
  await expectNoAxeViolations(page);
  expect((await mailsTo(email)).map((mail) => mail.subject)).toEqual([
    "Confirm your newsletter subscription",
  ]);

  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/newsletter-welcome$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Your subscription is confirmed" }),
  ).toBeVisible();
  const welcome = await waitForMail(email, { subject: /welcome/i });
  expect(oneClickUrlOf(welcome)).toBe(oneClickUrl);
  expect(welcome.text).toContain(`/newsletter/unsubscribe?token=${token}`);

  // The link worked once; used again, the page does not claim it expired.
  const reused = await page.goto(confirmUrl);
  expect(reused?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { level: 1, name: "This confirmation link is no longer valid" }),
  ).toBeVisible();
  await expect(page.getByRole("main")).toContainText(
    "It may have been used already: then your subscription is confirmed",
  );
  await expect(page.getByRole("main")).not.toContainText("expired");
  await expect(page.getByRole("link", { name: "Subscribe again" })).toBeVisible();

  await signInWithGoogle(page, `boss-${test.info().project.name}@example.com`, "Boss");
  const listed = async () => {
    const csv = await page.request.get("/api/admin/newsletter/subscribers.csv");
    expect(csv.status()).toBe(200);
    return (await csv.text()).includes(`\r\n${email},`);
  };
  expect(await listed()).toBe(true);

  // What a mail provider sends: a POST with the one-click body, no cookie, no Origin.
  const unsubscribed = await request.post(oneClickUrl, {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(unsubscribed.status()).toBe(200);
  expect(await listed()).toBe(false);
  await page.goto(firstLink(welcome.text, "/newsletter/unsubscribe"));
  await expect(page.getByRole("heading", { level: 1, name: "You are unsubscribed" })).toBeVisible();
});

test("the unsubscribe link opens a page whose button unsubscribes", async ({ page }) => {
  const email = uniqueEmail("leaver");
  await requestSubscription(page, email);
  const confirmation = await waitForMail(email, { subject: /confirm your newsletter/i });
  await page.goto(firstLink(confirmation.text, "/newsletter/unsubscribe"));
  await expect(
    page.getByRole("heading", { level: 1, name: "Unsubscribe from the newsletter" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You are unsubscribed" })).toBeVisible();
  await expectNoAxeViolations(page);
  // Unsubscribing also ends the confirmation link still in the inbox.
  const stale = await page.goto(firstLink(confirmation.text, "/newsletter/confirm"));
  expect(stale?.status()).toBe(404);
});

test("a malformed or unknown link shows a clear page with a way to subscribe again", async ({
  page,
}) => {
  const malformed = await page.goto("/newsletter/confirm?token=not-a-token");
  expect(malformed?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { level: 1, name: "This link is not valid" }),
  ).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Copy the whole link");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Subscribe again" }).click();
  await expect(page).toHaveURL(/\/newsletter$/);

  // Well formed but unknown: used, replaced or over 48 hours old, and the page cannot tell which.
  const dead = await page.goto(`/newsletter/confirm?token=${"A".repeat(43)}`);
  expect(dead?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { level: 1, name: "This confirmation link is no longer valid" }),
  ).toBeVisible();
  await expect(page.getByRole("main")).toContainText("used already");
  await expect(page.getByRole("main")).toContainText("48 hours");
  await expectNoAxeViolations(page);
  await expect(page.getByRole("link", { name: "Subscribe again" })).toBeVisible();

  const unknown = await page.goto(`/newsletter/unsubscribe?token=${"A".repeat(43)}`);
  expect(unknown?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { level: 1, name: "This link is not valid" }),
  ).toBeVisible();
});

test("an invalid address gets a clear error and stays on the page", async ({ page }) => {
  await page.goto("/newsletter");
  await page.getByLabel("Email address").fill("not-an-address");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("alert")).toHaveText("Enter a valid email address.");
  const field = page.getByLabel("Email address");
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/newsletter$/);

  // Refused again with the same words: focus goes back to the field again.
  await page.getByRole("button", { name: "Subscribe" }).focus();
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(field).toBeFocused();
});

test("past an address's hourly limit the answer is 429 with Retry-After, and the form says so and stays on the page", async ({
  page,
  consoleProblems,
}) => {
  const email = uniqueEmail("limited");
  for (let n = 0; n < 5; n++) {
    const response = await page.request.post("/newsletter", {
      form: { email },
      headers: { origin: test.info().project.use.baseURL ?? "" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(200);
  }
  const refused = await page.request.post("/newsletter", {
    form: { email },
    headers: { origin: test.info().project.use.baseURL ?? "" },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  expect(await refused.text()).toContain("Too many requests. Please try again later.");
  await page.goto("/newsletter");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("alert")).toHaveText("Too many requests. Please try again later.");
  await expect(page).toHaveURL(/\/newsletter$/);
  // The browser logs the refused request's 429: that status is what this test asks for.
  const refusals = consoleProblems.filter((problem) => /status of 429/.test(problem));
  expect(refusals).toHaveLength(1);
  consoleProblems.splice(
    0,
    consoleProblems.length,
    ...consoleProblems.filter((problem) => !refusals.includes(problem)),
  );
});
