import type { Page } from "@playwright/test";
import { expect, openApp, test } from "./fixtures";

// Analytics consent is stored under analytics_consent, denied unless it says granted.

async function openPreferences(page: Page) {
  await page.getByRole("contentinfo").getByRole("button", { name: "Cookie preferences" }).click();
  const dialog = page.getByRole("dialog", { name: "Cookie preferences" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("the analytics choice is stored and read back after a reload", async ({ page }) => {
  await openApp(page, "/");
  let dialog = await openPreferences(page);
  await expect(dialog).toContainText("Analytics is currently not allowed.");
  await expect(dialog).toContainText("Storage needed for security and sign-in is always on.");
  await dialog.getByRole("button", { name: "Allow analytics" }).click();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem("analytics_consent"))).toBe("granted");

  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  dialog = await openPreferences(page);
  await expect(dialog).toContainText("Analytics is currently allowed.");
  await dialog.getByRole("button", { name: "Decline analytics" }).click();
  expect(await page.evaluate(() => localStorage.getItem("analytics_consent"))).toBe("denied");

  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  dialog = await openPreferences(page);
  await expect(dialog).toContainText("Analytics is currently not allowed.");
});

test("Allow and Decline are equally prominent", async ({ page }) => {
  await openApp(page, "/");
  const dialog = await openPreferences(page);
  const look = async (name: string) =>
    dialog.getByRole("button", { name, exact: true }).evaluate((button) => {
      const style = getComputedStyle(button);
      const box = button.getBoundingClientRect();
      return [
        style.color,
        style.backgroundColor,
        style.borderColor,
        style.fontSize,
        style.fontWeight,
        box.height,
      ];
    });
  expect(await look("Allow analytics")).toEqual(await look("Decline analytics"));
});

test("when the dialog's code is gone (a deploy), the opener tries again, reloads the page once, then works", async ({
  page,
  consoleProblems,
}) => {
  await openApp(page, "/");
  let asked = 0;
  await page.route("**/assets/consent-dialog-*.js", (route) => {
    asked += 1;
    return route.fulfill({ status: 404 });
  });
  await page.evaluate(() => Object.assign(window, { beforeReload: true }));
  const reloaded = page.waitForEvent("load");
  await page.getByRole("contentinfo").getByRole("button", { name: "Cookie preferences" }).click();
  await reloaded;
  expect(await page.evaluate(() => "beforeReload" in window)).toBe(false);
  // The opener asks twice; a browser may answer the second import from its module map, where
  // the first failure is kept, without fetching again.
  expect([1, 2]).toContain(asked);
  // The refused loads are what this test does on purpose.
  const refused = consoleProblems.filter((problem) => /status of 404/.test(problem));
  expect(refused).toHaveLength(asked);
  consoleProblems.splice(
    0,
    consoleProblems.length,
    ...consoleProblems.filter((p) => !refused.includes(p)),
  );

  await page.unroute("**/assets/consent-dialog-*.js");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await openPreferences(page);
});
