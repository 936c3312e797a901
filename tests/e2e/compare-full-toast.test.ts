import type { Page } from "@playwright/test";
import { expect, openApp, test } from "./fixtures";

// The "comparison holds 4 tools" toast shows above the compare tray: it never covers the tray's
// Compare link, on a desktop window or on a 390 px phone.

async function fillTrayAndRefuseAFifth(page: Page) {
  await openApp(page, "/ai-tools");
  const cards = page.locator("article.tool-card");
  await expect(cards.nth(4)).toBeVisible();
  for (let index = 0; index < 5; index++) {
    await cards
      .nth(index)
      .getByRole("button", { name: /^Compare / })
      .click();
  }
  const toast = page
    .getByRole("status")
    .getByText("The comparison holds 4 tools. Remove one from the tray to add this one.");
  await expect(toast).toBeVisible();
  const compare = page
    .getByRole("region", { name: /^Compare tools/ })
    .getByRole("link", { name: "Compare (4)" });
  await expect(compare).toBeVisible();
  return { toast, compare };
}

function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`${viewport.width} px wide`, () => {
    test.use({ viewport });

    test("the tray-full toast does not cover the tray's Compare link", async ({ page }) => {
      const { toast, compare } = await fillTrayAndRefuseAFifth(page);
      const [toastBox, compareBox] = await Promise.all([
        toast.boundingBox(),
        compare.boundingBox(),
      ]);
      expect(overlaps(toastBox!, compareBox!)).toBe(false);
      expect(toastBox!.x).toBeGreaterThanOrEqual(0);
      expect(toastBox!.x + toastBox!.width).toBeLessThanOrEqual(viewport.width);
      // The link can still be pressed while the toast shows.
      await compare.click({ trial: true });
    });
  });
}
