import { openApp } from "./fixtures";
import { expect, signUpByApi, test, uniqueEmail } from "./support/accounts";
import { firstLink, waitForMail } from "./support/mailbox";

// A sign-up verified in a second tab of the same browser signs it in; the first tab learns of the
// session when its root data is read again, and its sign-in dialog has nothing left to ask.

test("verified in a second tab, the first tab shows My Account and closes its sign-in dialog", async ({
  page,
}) => {
  const email = uniqueEmail("second-tab");
  await signUpByApi(page, { email, verified: false });
  await openApp(page, "/verify-email");
  const header = page.getByRole("banner");
  await header.getByRole("button", { name: "Sign In", exact: true }).first().click();
  const dialog = page.getByRole("dialog", { name: "Sign in to your account" });
  await expect(dialog).toBeVisible();

  const secondTab = await page.context().newPage();
  const mail = await waitForMail(email, { subject: /verify your email/i });
  await secondTab.goto(firstLink(mail.text, "/verify-email"));
  await expect(header.getByRole("link", { name: "My Account" }).first()).toBeVisible({
    timeout: 15_000,
  });
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await secondTab.close();
});

test("a sign-in link reached once the browser is signed in opens no dialog", async ({ page }) => {
  await signUpByApi(page, { email: uniqueEmail("signed-in-link") });
  await openApp(page, "/ai-tools?signIn=1");
  await expect(
    page.getByRole("banner").getByRole("link", { name: "My Account" }).first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/ai-tools$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
