import { ANALYTICS_CONSENT_KEY } from "~/lib/constants";
import { expect, test } from "./fixtures";

test.describe("on a phone-sized viewport", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the mobile menu mirrors the header links", async ({ page }) => {
    await page.goto("/");
    const main = page.getByRole("navigation", { name: "Main" });
    await expect(main).toBeHidden();
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    for (const name of ["Browse Tools", "Newsletter"])
      await expect(menu.getByRole("link", { name })).toBeVisible();
    for (const name of ["Sign In", "Sign Up"])
      await expect(menu.getByRole("button", { name })).toBeVisible();

    await menu.getByRole("link", { name: "Browse Tools" }).click();
    await expect(page).toHaveURL(/\/ai-tools$/);
    await expect(menu).toBeHidden();
  });

  test("Escape closes the mobile menu and returns focus to its button", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  });
});

test("Sign In and Sign Up open the auth dialog in that mode, with a switch link", async ({
  page,
}) => {
  await page.goto("/");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("button", { name: "Sign Up" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Create your account" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("dialog", { name: "Sign in to your account" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
});

test("the footer links the legal pages, consent preferences and a contact address", async ({
  page,
}) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  const legal: [string, string][] = [
    ["Privacy Policy", "/privacy-policy"],
    ["Terms of Service", "/terms-of-service"],
    ["Disclaimer", "/disclaimer"],
  ];
  for (const [name, path] of legal) {
    await expect(footer.getByRole("link", { name })).toHaveAttribute("href", path);
  }
  await expect(footer.getByRole("link", { name: "Contact us" })).toHaveAttribute(
    "href",
    /^mailto:/,
  );
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);

  await footer.getByRole("button", { name: "Cookie preferences" }).click();
  const dialog = page.getByRole("dialog", { name: "Cookie preferences" });
  await expect(dialog).toContainText("Analytics is currently not allowed.");
  await dialog.getByRole("button", { name: "Allow analytics" }).click();
  expect(await page.evaluate((key) => localStorage.getItem(key), ANALYTICS_CONSENT_KEY)).toBe(
    "granted",
  );
});
