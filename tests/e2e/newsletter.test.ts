import { expect, test } from "./fixtures";

test("subscribing to the newsletter leads to the welcome page", async ({ page }) => {
  await page.goto("/newsletter");
  await page.getByLabel("Email address").fill(`reader-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/newsletter-welcome$/);
  await expect(page.getByRole("heading", { level: 1, name: "You're on the list" })).toBeVisible();
});

test("an invalid address gets a clear error and stays on the page", async ({ page }) => {
  await page.goto("/newsletter");
  await page.getByLabel("Email address").fill("not-an-address");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("alert")).toHaveText("Enter a valid email address.");
  await expect(page).toHaveURL(/\/newsletter$/);
});
