import type { Page } from "@playwright/test";
import type { CategoryEntry } from "~/lib/category-stats";
import { MAX_SEARCH_TEXT_LENGTH } from "~/lib/constants";
import { expect, openApp, test } from "./fixtures";

// Searches nobody types well (a long unbroken word on a phone, a search longer than the
// API takes, control characters) still give a page that fits and searches what it can.

const PHONE = { width: 390, height: 844 };
const LONG_WORD = "xqzvyqwpzk".repeat(6);

const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search AI tools" });
const resultsLine = (page: Page) => page.getByText(/results? for "/);
const activeFilters = (page: Page) => page.getByRole("region", { name: "Active filters" });
const pageWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

test.describe("on a 390 px phone", () => {
  test.use({ viewport: PHONE });

  test("a search holding a long unbroken word does not make the page scroll sideways", async ({
    page,
  }) => {
    const search = `${LONG_WORD} transcribe`;
    await openApp(page, `/ai-tools?search=${encodeURIComponent(search)}`);
    const chip = activeFilters(page).getByRole("link", {
      name: `Remove filter Search: ${search}`,
      exact: true,
    });
    await expect(chip).toHaveAttribute("title", `Search: ${search}`);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    const box = (await chip.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  });

  test("every active filter chip fits the row, however long its name", async ({
    page,
    request,
  }) => {
    const { facets } = (await (await request.get("/api/tools?limit=1")).json()) as {
      facets: CategoryEntry[];
    };
    const byLength = (a: { name: string }, b: { name: string }) => b.name.length - a.name.length;
    const category = [...facets].sort(byLength)[0]!;
    const subcategory = [...category.subcategories].sort(byLength)[0]!;
    const unknownSubcategory = `Subcategory${LONG_WORD}`;
    const params = new URLSearchParams([
      ["category", category.name],
      ["subcategory", subcategory.name],
      ["subcategory", unknownSubcategory],
      ["pricing", "Freemium"],
      ["sort", "Rating"],
      ["search", LONG_WORD],
    ]);
    await openApp(page, `/ai-tools?${params}`);
    const chips = activeFilters(page).getByRole("link", { name: /^Remove filter / });
    await expect(chips).toHaveCount(6);
    await expect(
      activeFilters(page).getByRole("link", {
        name: `Remove filter Subcategory: ${unknownSubcategory}`,
      }),
    ).toBeVisible();
    // On a phone the chips are one row that scrolls sideways: each chip is cut to fit the screen,
    // and scrolled into view it shows whole; the page itself never scrolls sideways.
    for (const chip of await chips.all()) {
      await chip.scrollIntoViewIfNeeded();
      const box = (await chip.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });
});

test("a search longer than the API takes is cut at a word's end and searched, not dropped", async ({
  page,
  request,
}) => {
  const long = "marketing ".repeat(120).trim();
  const searched = Array.from({ length: 20 }, () => "marketing").join(" ");
  expect(searched.length).toBeLessThanOrEqual(MAX_SEARCH_TEXT_LENGTH);
  await openApp(page, `/ai-tools?search=${encodeURIComponent(long)}`);
  await expect(searchBox(page)).toHaveValue(searched);
  await expect(resultsLine(page)).toContainText(`for "${searched}"`);
  // The API stays strict (docs/api.md): an over-long search is refused.
  const api = await request.get(`/api/tools?search=${encodeURIComponent(long)}`);
  expect(api.status()).toBe(400);
  expect((await api.json()).error.fields).toEqual({
    search: `search is at most ${MAX_SEARCH_TEXT_LENGTH} characters`,
  });
});

test("a search holding control characters is searched without them, not dropped", async ({
  page,
  request,
}) => {
  await openApp(page, "/ai-tools?search=email%00%09marketing%1b");
  await expect(searchBox(page)).toHaveValue("email marketing");
  await expect(resultsLine(page)).toContainText('for "email marketing"');
  expect((await request.get("/api/tools?search=email%00marketing")).status()).toBe(400);
});
