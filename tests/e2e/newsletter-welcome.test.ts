import { expect, openApp, test } from "./fixtures";

// /newsletter-welcome claims a confirmed subscription only right after the confirmation link's
// redirect (the round trip in newsletter.test.ts); opened directly, it says how to subscribe.

test("/newsletter-welcome opened directly does not claim a confirmed subscription", async ({
  page,
}) => {
  await openApp(page, "/newsletter-welcome");
  await expect(
    page.getByRole("heading", { level: 1, name: "Subscribe to the newsletter" }),
  ).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText(/confirmed|Thanks for confirming/);
  await page.getByRole("link", { name: "Go to the newsletter sign-up" }).click();
  await expect(page).toHaveURL(/\/newsletter$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "The Business AI Tools newsletter" }),
  ).toBeVisible();
});
