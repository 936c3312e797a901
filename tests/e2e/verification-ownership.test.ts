import type { Page } from "@playwright/test";
import { openApp, storeAnalyticsChoice } from "./fixtures";
import { expect, PASSWORD, signUpByApi, test, uniqueEmail } from "./support/accounts";
import { anotherBrowser } from "./support/comments";
import { firstLink, waitForMail } from "./support/mailbox";

// Decision 022 in the browser: a verification link proves ownership of the whole account. Opened
// outside the browser that signed up, it asks its opener to choose the password; opened in a
// browser signed in to another account, it says whose link it is and changes nothing until the
// person chooses.

const OWNER_PASSWORD = "owner picks a fresh passphrase 73";
const PHONE = { width: 390, height: 844 };

/** The address as the page shows it to whoever holds the link. */
const masked = (email: string) => `${email[0]}•••${email.slice(email.indexOf("@"))}`;

async function verificationLink(email: string) {
  return firstLink(
    (await waitForMail(email, { subject: /verify your email/i })).text,
    "/verify-email",
  );
}

async function choosePassword(page: Page, password: string) {
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Confirm and sign in" }).click();
}

/** The address /account shows for the browser's session. */
async function accountEmail(page: Page) {
  await openApp(page, "/account");
  await expect(page).toHaveURL(/\/account$/);
  return page.locator("main");
}

test("a signed-in browser opening another account's link is asked, and keeps its session until it chooses", async ({
  page,
  browser,
}) => {
  const mine = uniqueEmail("signed-in");
  await signUpByApi(page, { email: mine });
  const theirs = uniqueEmail("link-owner");
  const other = await anotherBrowser(browser);
  await signUpByApi(other.page, { email: theirs, verified: false });
  const link = await verificationLink(theirs);

  await page.setViewportSize(PHONE);
  await openApp(page, link);
  await expect(page).toHaveURL(/\/verify-email\?token=/);
  const question = page.getByText(/This link confirms the account of/);
  await expect(question).toContainText(masked(theirs));
  await expect(question).toContainText(`You are signed in as ${mine}`);
  await expect(question).not.toContainText(theirs);
  await page.screenshot({ path: test.info().outputPath("asks-phone.png"), fullPage: true });

  // Nothing has changed: a reload asks again, and the account is still this browser's own.
  await page.reload();
  await expect(question).toBeVisible();
  await expect(await accountEmail(page)).toContainText(mine);

  // Staying keeps this session and leaves the other address unconfirmed.
  await openApp(page, link);
  await page.getByRole("button", { name: `Stay signed in as ${mine}` }).click();
  await expect(page).toHaveURL(/\/ai-tools$/);
  await expect(await accountEmail(page)).toContainText(mine);

  // Continuing asks for the password of the account the link confirms, and switches to it.
  await openApp(page, link);
  await page.getByRole("button", { name: "Continue with this link" }).click();
  await expect(page.getByText(/choose the password for this account/)).toContainText(
    `You will be signed out of ${mine} in this browser.`,
  );
  await page.screenshot({ path: test.info().outputPath("choose-phone.png"), fullPage: true });
  await choosePassword(page, OWNER_PASSWORD);
  await expect(
    page.getByText("Email verified successfully! Redirecting to browse tools..."),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/ai-tools$/, { timeout: 5000 });
  await expect(await accountEmail(page)).toContainText(theirs);
  await other.context.close();
});

test("an owner confirming an account someone else started chooses its password, and the other password stops working", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("victim");
  // The intruder signs up with the owner's address and a password of their own, and waits.
  await signUpByApi(page, { email, verified: false });
  const link = await verificationLink(email);

  // The owner opens the mail on their own device.
  const owner = await anotherBrowser(browser);
  await storeAnalyticsChoice(owner.context);
  await owner.page.setViewportSize(PHONE);
  await openApp(owner.page, link);
  await expect(owner.page).toHaveURL(/\/verify-email\?token=/);
  const explanation = owner.page.getByText(/choose the password for this account/);
  await expect(explanation).toContainText(`To confirm ${masked(email)}`);
  await expect(explanation).toContainText(
    "A password set when the account was started no longer works, and every device signed in to it is signed out.",
  );
  await owner.page.screenshot({
    path: test.info().outputPath("owner-phone.png"),
    fullPage: true,
  });
  await choosePassword(owner.page, OWNER_PASSWORD);
  await expect(
    owner.page.getByText("Email verified successfully! Redirecting to browse tools..."),
  ).toBeVisible();
  await expect(owner.page).toHaveURL(/\/ai-tools$/, { timeout: 5000 });
  await expect(await accountEmail(owner.page)).toContainText(email);
  await owner.context.close();

  // The intruder's browser is sent to sign in, where its password is simply wrong.
  await openApp(page, "/verify-email");
  await expect(page).toHaveURL(/\/ai-tools/, { timeout: 10_000 });
  const dialog = page.getByRole("dialog", { name: "Sign in to your account" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign in" }).click();
  await expect(dialog.getByText("Invalid email or password")).toBeVisible();
  await expect(page.getByRole("link", { name: "My Account" })).toHaveCount(0);
});
