import { expect, test } from "./fixtures";
import { test as accountsTest } from "./support/accounts";

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

// From a client address of its own (support/accounts.ts), so no other test's sign-ups count.
accountsTest(
  "past an address's hourly limit the form says so and stays on the page",
  async ({ page }) => {
    const email = `limited-${Date.now()}@example.com`;
    for (let n = 0; n < 5; n++) {
      const response = await page.request.post("/newsletter", {
        form: { email },
        headers: { origin: accountsTest.info().project.use.baseURL ?? "" },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(302);
    }
    await page.goto("/newsletter");
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("alert")).toHaveText("Too many requests. Please try again later.");
    await expect(page).toHaveURL(/\/newsletter$/);
  },
);
