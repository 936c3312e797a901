import type { Page } from "@playwright/test";
import { expect, openApp, test } from "./fixtures";

// Browse filters: the snapshot is restored on return from a tool (when under 5 minutes
// old), with the visible count and the scroll position, whichever way the visitor comes back.

const cards = (page: Page) => page.getByRole("article");

/** Loads 30 cards of the listing, scrolls to the 28th and opens it; the scroll position then. */
async function openToolFromScrolledList(page: Page, url: string) {
  await openApp(page, url);
  await page.getByRole("button", { name: "Load More Tools" }).click();
  await expect(cards(page)).toHaveCount(30);
  const card = cards(page).nth(27);
  await card.scrollIntoViewIfNeeded();
  const scrollY = await page.evaluate(() => window.scrollY);
  expect(scrollY).toBeGreaterThan(1000);
  const name = (await card.getByRole("heading").textContent()) as string;
  await card.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  return scrollY;
}

async function expectRestored(page: Page, url: RegExp, scrollY: number) {
  await expect(page).toHaveURL(url);
  await expect(cards(page)).toHaveCount(30);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrollY - 50);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrollY + 50);
}

test("Back from a tool paints the listing at once with all its cards and its scroll position", async ({
  page,
}) => {
  const scrollY = await openToolFromScrolledList(page, "/ai-tools");
  // What each frame shows from now on: whether the listing is there, its cards, the scroll.
  await page.evaluate(() => {
    const frames: { isListing: boolean; count: number; scrollY: number }[] = [];
    Object.assign(window, { browseFrames: frames });
    const record = () => {
      frames.push({
        isListing: document.getElementById("browse-results") !== null,
        count: document.querySelectorAll("article").length,
        scrollY: window.scrollY,
      });
      requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  });
  await page.goBack();
  await expectRestored(page, /\/ai-tools$/, scrollY);
  const frames = await page.evaluate(
    () =>
      (
        window as unknown as {
          browseFrames: { isListing: boolean; count: number; scrollY: number }[];
        }
      ).browseFrames,
  );
  const listingFrames = frames.filter((frame) => frame.isListing);
  expect(listingFrames.length).toBeGreaterThan(0);
  for (const frame of listingFrames) {
    expect(frame.count).toBe(30);
    expect(Math.abs(frame.scrollY - scrollY)).toBeLessThan(50);
  }
});

test("the breadcrumb and the header's Browse Tools return from a tool as Back does", async ({
  page,
}) => {
  const scrollY = await openToolFromScrolledList(page, "/ai-tools?sort=Most+Viewed");
  await page
    .getByRole("navigation", { name: "Breadcrumb" })
    .getByRole("link", { name: "AI Tools", exact: true })
    .click();
  await expectRestored(page, /\/ai-tools\?sort=Most\+Viewed$/, scrollY);
  await expect(
    page.getByRole("navigation", { name: "Sort by" }).getByRole("link", { name: "Most Viewed" }),
  ).toHaveAttribute("aria-current", "true");

  const again = cards(page).nth(27);
  const name = (await again.getByRole("heading").textContent()) as string;
  const scrollYAgain = await page.evaluate(() => window.scrollY);
  await again.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.getByRole("banner").getByRole("link", { name: "Browse Tools", exact: true }).click();
  await expectRestored(page, /\/ai-tools\?sort=Most\+Viewed$/, scrollYAgain);
});
