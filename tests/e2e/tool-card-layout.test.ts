import type { Locator, Page } from "@playwright/test";
import { toolPath } from "~/lib/paths";
import { expect, openApp, sampleTools, test } from "./fixtures";

// Tool card: a description cut to three lines, and the rating, price and buttons of the
// cards in one row at the same height, at the bottom of the card.

interface CardBox {
  top: number;
  textHeight: number;
  lineHeight: number;
  footerTop: number;
  footerBottom: number;
}

async function measure(cards: Locator): Promise<CardBox[]> {
  return cards.evaluateAll((articles) =>
    articles.map((article) => {
      const text = article.querySelector(".tool-card-text")!;
      // The footer: from the rating's row down to the Learn More button.
      const rating = article.querySelector(".tool-card-stats")!;
      const learnMore = article.querySelector(".tool-card-more")!;
      return {
        top: Math.round(article.getBoundingClientRect().top),
        textHeight: text.getBoundingClientRect().height,
        lineHeight: parseFloat(getComputedStyle(text).lineHeight),
        footerTop: rating.getBoundingClientRect().top,
        footerBottom: learnMore.getBoundingClientRect().bottom,
      };
    }),
  );
}

async function expectTidyCards(page: Page, cards: Locator, expected: number) {
  await expect(cards).toHaveCount(expected);
  // Cards that fill the row from its images down, whatever their description's length.
  await page.evaluate(() => document.fonts.ready);
  const boxes = await measure(cards);
  for (const box of boxes) {
    expect(box.textHeight).toBeLessThanOrEqual(3 * box.lineHeight + 0.5);
  }
  const rows = new Map<number, CardBox[]>();
  for (const box of boxes) rows.set(box.top, [...(rows.get(box.top) ?? []), box]);
  expect([...rows.values()].some((row) => row.length > 1)).toBe(true);
  for (const row of rows.values()) {
    const [first] = row;
    for (const box of row) {
      expect(Math.abs(box.footerTop - first!.footerTop)).toBeLessThanOrEqual(1);
      expect(Math.abs(box.footerBottom - first!.footerBottom)).toBeLessThanOrEqual(1);
    }
  }
}

test("featured cards on the home page keep their descriptions and footers in line", async ({
  page,
}) => {
  await page.goto("/");
  const featured = page.getByRole("region", { name: "Featured Enterprise AI Solutions" });
  await expectTidyCards(page, featured.getByRole("article"), 4);
});

test("related cards on a tool page keep their descriptions and footers in line", async ({
  page,
  request,
}) => {
  const { withSubcategory } = await sampleTools(request);
  await page.goto(toolPath(withSubcategory));
  const related = page.getByRole("region", { name: "Related tools" });
  await expectTidyCards(page, related.getByRole("article"), 4);
});

test("browse cards keep their descriptions and footers in line", async ({ page }) => {
  await openApp(page, "/ai-tools");
  await expectTidyCards(page, page.getByRole("article"), 21);
});
