import type { APIRequestContext, Page } from "@playwright/test";
import { openApp } from "./fixtures";
import { expect, signUpByApi, test, uniqueEmail } from "./support/accounts";
import { firstLink, waitForMail } from "./support/mailbox";

// The verify page checks every 2 s and leaves 2 s after it sees the address
// verified. The page's clock only moves when a test moves it, so each test proves the page's own
// timing, whatever the constants say.

const STATUS_PATH = "/api/auth/pending-sign-up/status";

interface FetchLog {
  /** The page's time of every call, with its address. */
  calls: { url: string; at: number }[];
  /** How many status checks have been answered and read, or have failed. */
  answered: number;
}

/** Logs, in the page and on the page's clock, every fetch it makes and every status answer read. */
async function logFetches(page: Page) {
  await page.addInitScript((statusPath) => {
    const log: FetchLog = { calls: [], answered: 0 };
    (window as unknown as { fetchLog: FetchLog }).fetchLog = log;
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      log.calls.push({ url, at: Date.now() });
      if (!url.includes(statusPath)) return original(input, init);
      try {
        const response = await original(input, init);
        await response.clone().text();
        return response;
      } finally {
        log.answered++;
      }
    };
  }, STATUS_PATH);
}

const fetchLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { fetchLog: FetchLog }).fetchLog);

async function statusChecks(page: Page) {
  return (await fetchLog(page)).calls.filter((call) => call.url.includes(STATUS_PATH));
}

/**
 * Lets the page finish what it was doing (reading an answer, starting a navigation): a message to
 * itself arrives after that, and the stopped clock does not hold it back as it would a timer.
 */
async function nextTask(page: Page) {
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = resolve;
        channel.port2.postMessage(null);
      }),
  );
}

/** Waits until every status check made so far has been answered and the page has taken it in. */
async function allChecksAnswered(page: Page) {
  await expect
    .poll(async () => {
      const log = await fetchLog(page);
      return log.calls.filter((call) => call.url.includes(STATUS_PATH)).length - log.answered;
    })
    .toBe(0);
  await nextTask(page);
}

/** Opens /verify-email for a pending sign-up, with the page's clock stopped. */
async function openPendingVerifyPage(page: Page, email: string) {
  await signUpByApi(page, { email, verified: false });
  await logFetches(page);
  await page.clock.install();
  await openApp(page, "/verify-email");
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  // A check is due within 2 s of any earlier answer; let it run and be answered.
  await page.clock.runFor(2000);
  await expect.poll(async () => (await statusChecks(page)).length).toBeGreaterThan(0);
  await allChecksAnswered(page);
}

/** The owner confirms from another device, choosing the password there (decision 022). */
async function verifyElsewhere(request: APIRequestContext, email: string) {
  const mail = await waitForMail(email, { subject: /verify your email/i });
  const token = new URL(firstLink(mail.text, "/verify-email")).searchParams.get("token");
  const confirmed = await request.post("/api/auth/confirm-email", {
    data: { token, password: "the owner's own passphrase 64" },
    headers: { origin: test.info().project.use.baseURL ?? "" },
  });
  expect(confirmed.status()).toBe(200);
}

test("the verify page checks again exactly 2 s after each answer", async ({ page }) => {
  await openPendingVerifyPage(page, uniqueEmail("poll"));
  for (let round = 0; round < 2; round++) {
    const before = await statusChecks(page);
    await page.clock.runFor(1999);
    expect(await statusChecks(page)).toHaveLength(before.length);
    await page.clock.runFor(1);
    const after = await statusChecks(page);
    expect(after).toHaveLength(before.length + 1);
    await allChecksAnswered(page);
  }
  const [previous, last] = (await statusChecks(page)).slice(-2);
  expect(last!.at - previous!.at).toBe(2000);
});

test("a failed verification check shows the spec's error until a check succeeds", async ({
  page,
  consoleProblems,
}) => {
  await openPendingVerifyPage(page, uniqueEmail("check-fails"));
  const error = page.getByText(
    "Error checking verification status. Please try refreshing the page.",
  );
  await expect(error).toBeHidden();
  await page.route(`**${STATUS_PATH}`, (route) => route.abort("failed"));
  await page.clock.runFor(2000);
  await expect(error).toBeVisible();
  await allChecksAnswered(page);
  await page.unroute(`**${STATUS_PATH}`);
  await page.clock.runFor(2000);
  await expect(error).toBeHidden();
  // The browser reports the aborted request; that is the failure this test causes.
  expect(consoleProblems).toEqual([expect.stringMatching(/Failed to load resource/)]);
  consoleProblems.length = 0;
});

test("once verified elsewhere, the page says so and leaves exactly 2 s later", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("redirect");
  await openPendingVerifyPage(page, email);
  await verifyElsewhere(request, email);
  await page.clock.runFor(2000);
  await expect(
    page.getByText("Email verified successfully! Redirecting to browse tools..."),
  ).toBeVisible();
  await allChecksAnswered(page);
  const callsBefore = (await fetchLog(page)).calls.length;

  await page.clock.runFor(1999);
  await nextTask(page);
  // Leaving would load the next page's data (and reload this one's); nothing was asked for.
  expect((await fetchLog(page)).calls.slice(callsBefore)).toEqual([]);
  await expect(page).toHaveURL(/\/verify-email$/);

  await page.clock.runFor(1);
  await expect(page).toHaveURL(/\/ai-tools(\?signIn=1)?$/);
  await page.clock.resume();
  await expect(page.getByRole("dialog", { name: "Sign in to your account" })).toBeVisible();
});

test("a failed resend shows the spec's error and the button may be used again", async ({
  page,
  consoleProblems,
}) => {
  await openPendingVerifyPage(page, uniqueEmail("resend-fails"));
  await page.route("**/api/auth/pending-sign-up/resend", (route) => route.abort("failed"));
  await page.getByRole("button", { name: "Resend verification email" }).click();
  await expect(
    page.getByText("Failed to send verification email. Please try again later."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend verification email" })).toBeEnabled();
  expect(consoleProblems).toEqual([expect.stringMatching(/Failed to load resource/)]);
  consoleProblems.length = 0;
});
