import { expect, openApp, test } from "./fixtures";

// Browse page on a phone: sticky filter chips with Reset All, and the subcategory sidebar
// as a collapsible panel.

test.use({ viewport: { width: 390, height: 844 } });

test("the filter chips and Reset All stay in view under the header while the list scrolls", async ({
  page,
}) => {
  await openApp(page, "/ai-tools?sort=Most+Viewed&pricing=Freemium");
  const bar = page.getByRole("region", { name: "Active filters" });
  const resetAll = bar.getByRole("link", { name: "Reset All" });
  await page.getByRole("article").nth(5).scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 600));
  await expect(resetAll).toBeInViewport();
  const header = (await page.getByRole("banner").boundingBox())!;
  const box = (await bar.boundingBox())!;
  // Right under the header, and one row of chips high: the list stays in view below it.
  expect(Math.abs(box.y - (header.y + header.height))).toBeLessThanOrEqual(1);
  expect(box.height).toBeLessThan(64);
  // A card the keyboard reaches is scrolled clear of the header and the chips.
  const cardLink = page.getByRole("article").nth(2).getByRole("heading").getByRole("link");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await cardLink.focus();
  const linkBox = (await cardLink.boundingBox())!;
  expect(linkBox.y).toBeGreaterThanOrEqual(box.y + box.height - 1);

  await resetAll.click();
  await expect(page).toHaveURL(/\/ai-tools$/);
});

test("choosing a subcategory closes the panel and shows the results", async ({ page }) => {
  await openApp(page, "/ai-tools");
  const toggle = page.getByRole("button", { name: /^Subcategories/ });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await page.getByRole("checkbox").first().check();
  await expect(page).toHaveURL(/subcategory=/);
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("checkbox").first()).toBeHidden();
  await expect(toggle).toContainText("1 chosen");
  await expect(toggle).toBeFocused();
});
