import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import type { CategoryEntry } from "~/lib/category-stats";
import { expect, openApp, test } from "./fixtures";

// Browse page and Tool card, Browse filters, empty states.

interface Listing {
  total: number;
  totalInAllCategories: number;
  facets: CategoryEntry[];
  tools: { id: string; name: string; category: string | null; views: number }[];
}

async function listing(request: APIRequestContext, query = ""): Promise<Listing> {
  return (await request.get(`/api/tools?${query}`)).json() as Promise<Listing>;
}

const cards = (page: Page) => page.getByRole("article");
const categoryChips = (page: Page) =>
  page.getByRole("navigation", { name: "Categories", exact: true });
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search AI tools" });

test("typing searches after a pause, shows the results line and sorts by Relevance", async ({
  page,
}) => {
  await openApp(page, "/ai-tools?sort=Most+Liked");
  await searchBox(page).pressSequentially("transcrption");
  await expect(page.getByText(/^[\d,]+ results? for "transcrption" \([\d.]+ ms\)$/)).toBeVisible();
  await expect(page).toHaveURL(/\/ai-tools\?search=transcrption$/);
  await expect(
    page.getByRole("navigation", { name: "Sort by" }).getByRole("link", { name: "Relevance" }),
  ).toHaveAttribute("aria-current", "true");
  await expect(cards(page).first()).toBeVisible();
});

test("the search waits 300 ms after the last key", async ({ page }) => {
  await page.clock.install();
  await openApp(page, "/ai-tools");
  await page.clock.pauseAt(Date.now() + 60_000);
  await searchBox(page).pressSequentially("crm");
  await expect(page.getByText("Searching...")).toBeVisible();
  await page.clock.runFor(299);
  await expect(page).toHaveURL(/\/ai-tools$/);
  await page.clock.runFor(1);
  await expect(page).toHaveURL(/\/ai-tools\?search=crm$/);
  await expect(page.getByText(/results? for "crm"/)).toBeVisible();
});

test("typing on a subcategory page stays on that page, focus and text kept", async ({
  page,
  request,
}) => {
  const { facets } = await listing(request, "limit=1");
  const category = facets[0]!;
  const sub = category.subcategories[0]!;
  await page.clock.install();
  await openApp(page, `/ai-tools/${category.slug}/${sub.slug}`);
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  // A pause after "ai" searches once before the rest is typed.
  await searchBox(page).pressSequentially("ai");
  await page.clock.runFor(300);
  await expect(page).toHaveURL(new RegExp(`/ai-tools/${category.slug}/${sub.slug}\\?search=ai$`));
  await searchBox(page).pressSequentially(" tool");
  await page.clock.runFor(300);
  await expect(page).toHaveURL(
    new RegExp(`/ai-tools/${category.slug}/${sub.slug}\\?search=ai\\+tool$`),
  );
  await expect(searchBox(page)).toBeFocused();
  await expect(searchBox(page)).toHaveValue("ai tool");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${sub.name} AI Tools`);
});

test("Back after a search returns to the list before it", async ({ page }) => {
  await openApp(page, "/ai-tools?pricing=Paid");
  await searchBox(page).pressSequentially("meeting notes");
  await expect(page).toHaveURL(/search=meeting\+notes/);
  await page.goBack();
  await expect(page).toHaveURL(/\/ai-tools\?pricing=Paid$/);
  await expect(searchBox(page)).toHaveValue("");
});

test("a very long query wraps instead of widening the page", async ({ page }) => {
  await openApp(page, `/ai-tools?search=${"x".repeat(200)}`);
  await expect(page.getByText(/No tools found for/)).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test("a query of one character is not searched", async ({ page }) => {
  await openApp(page, "/ai-tools");
  await searchBox(page).fill("a");
  await expect(page.getByText("Type at least 2 characters to search.")).toBeVisible();
  await expect(page).toHaveURL(/\/ai-tools$/);
  await expect(cards(page)).toHaveCount(21);
});

test("empty states use the spec's texts", async ({ page, request }) => {
  await openApp(page, "/ai-tools?search=qqxxzzqq");
  await expect(page.getByText('No tools found for "qqxxzzqq"')).toBeVisible();
  await expect(page.getByText(/Check the spelling/)).toBeVisible();

  const { facets } = await listing(request, "limit=1");
  const [first, second] = facets as [CategoryEntry, CategoryEntry];
  const foreign = second.subcategories[0]!.name;
  await openApp(
    page,
    `/ai-tools?category=${encodeURIComponent(first.name)}&subcategory=${encodeURIComponent(foreign)}`,
  );
  await expect(page.getByText("No tools match your filters")).toBeVisible();
  await page.getByRole("link", { name: "Reset All Filters" }).click();
  await expect(page).toHaveURL(/\/ai-tools$/);
  await expect(cards(page)).toHaveCount(21);
});

test("chip counts add up: All is the total, each category chip is its listing's size", async ({
  page,
  request,
}) => {
  const all = await listing(request, "pricing=Paid&limit=1");
  await openApp(page, "/ai-tools?pricing=Paid");
  const chips = categoryChips(page).getByRole("link");
  await expect(chips.first()).toHaveText(new RegExp(`^All\\s*${all.totalInAllCategories}$`));
  expect(all.totalInAllCategories).toBe(all.total);

  const counted = all.facets.reduce((sum, entry) => sum + entry.count, 0);
  const uncategorized = all.total - counted;
  expect(uncategorized).toBeGreaterThanOrEqual(0);
  // The rest are tools without a category, which have no chip.
  let withoutCategory = 0;
  for (let offset = 0; offset < all.total; offset += 1000) {
    const page = await listing(request, `pricing=Paid&offset=${offset}&limit=1000`);
    withoutCategory += page.tools.filter((tool) => !tool.category).length;
  }
  expect(uncategorized).toBe(withoutCategory);

  const biggest = all.facets[0]!;
  await chips.filter({ hasText: biggest.name }).click();
  await expect(page).toHaveURL(new RegExp(`/ai-tools/${biggest.slug}\\?pricing=Paid$`));
  await expect(
    page.getByText(`Showing 21 of ${biggest.count.toLocaleString("en-US")} tools`),
  ).toBeVisible();
});

test("a chosen subcategory highlights its category and filters the list", async ({
  page,
  request,
}) => {
  const { facets } = await listing(request, "limit=1");
  const parent = facets[2]!;
  const sub = parent.subcategories[0]!;
  await openApp(page, "/ai-tools");
  await page.getByRole("checkbox", { name: new RegExp(`^${sub.name}`) }).check();
  await expect(page).toHaveURL(
    `/ai-tools?subcategory=${encodeURIComponent(sub.name).replace(/%20/g, "+")}`,
  );
  const chip = categoryChips(page).getByRole("link", { name: new RegExp(`^${parent.name}`) });
  await expect(chip).toHaveAttribute("data-highlighted", "true");
  await expect(chip).toContainText("has chosen subcategories");
  await expect(page.getByText(`of ${sub.count.toLocaleString("en-US")} tools`)).toBeVisible();
  for (const card of await cards(page).all()) await expect(card).toContainText(sub.name);
});

test("query parameters preset every filter", async ({ page, request }) => {
  const { facets } = await listing(request, "limit=1");
  const category = facets[0]!;
  const sub = category.subcategories[0]!;
  await openApp(
    page,
    `/ai-tools?category=${encodeURIComponent(category.name)}&subcategory=${encodeURIComponent(sub.name)}&search=ai&pricing=Freemium&sort=Rating`,
  );
  await expect(
    categoryChips(page).getByRole("link", { name: new RegExp(`^${category.name}`) }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("checkbox", { name: new RegExp(`^${sub.name}`) })).toBeChecked();
  await expect(searchBox(page)).toHaveValue("ai");
  await expect(
    page.getByRole("navigation", { name: "Pricing" }).getByRole("link", { name: "Freemium" }),
  ).toHaveAttribute("aria-current", "true");
  await expect(
    page.getByRole("navigation", { name: "Sort by" }).getByRole("link", { name: "Rating" }),
  ).toHaveAttribute("aria-current", "true");
});

/** The browse filters this browser has saved (local keys), key=value, sorted. */
async function savedFilterKeys(page: Page) {
  return page.evaluate(() =>
    ["browse_category", "browse_subcategories", "browse_search", "browse_sort", "browse_pricing"]
      .filter((key) => localStorage.getItem(key) !== null)
      .map((key) => `${key}=${localStorage.getItem(key)}`)
      .sort(),
  );
}

test("Reset All restores the defaults and forgets the saved filters", async ({ page }) => {
  await openApp(page, "/ai-tools?search=notes&pricing=Free&sort=Rating");
  const active = page.getByRole("region", { name: "Active filters" });
  await expect(active.getByRole("link", { name: /Remove filter/ })).toHaveCount(3);
  await expect
    .poll(() => savedFilterKeys(page))
    .toEqual([
      "browse_category=All",
      "browse_pricing=Free",
      "browse_search=notes",
      "browse_sort=Rating",
      "browse_subcategories=[]",
    ]);
  await active.getByRole("link", { name: "Reset All" }).click();
  await expect(page).toHaveURL(/\/ai-tools$/);
  await expect(searchBox(page)).toHaveValue("");
  await expect(active).toHaveCount(0);
  await expect(cards(page)).toHaveCount(21);
  await expect(
    page.getByRole("navigation", { name: "Sort by" }).getByRole("link", { name: "Newest" }),
  ).toHaveAttribute("aria-current", "true");
  await expect.poll(() => savedFilterKeys(page)).toEqual([]);
  await openApp(page, "/");
  await openApp(page, "/ai-tools");
  await expect(page).toHaveURL(/\/ai-tools$/);
});

test("choosing a category or a subcategory starts again at 21 cards", async ({ page }) => {
  await openApp(page, "/ai-tools");
  await page.getByRole("button", { name: "Load More Tools" }).click();
  await expect(cards(page)).toHaveCount(30);
  const firstBox = page.getByRole("checkbox").first();
  await firstBox.check();
  await expect(page).toHaveURL(/subcategory=/);
  await expect(cards(page)).not.toHaveCount(30);
  await firstBox.uncheck();
  await expect(page).toHaveURL(/\/ai-tools$/);
  await expect(cards(page)).toHaveCount(21);

  await page.getByRole("button", { name: "Load More Tools" }).click();
  await expect(cards(page)).toHaveCount(30);
  await categoryChips(page).getByRole("link").nth(1).click();
  await expect(cards(page)).toHaveCount(21);
});

test("the All chip leads from a category page back to every tool", async ({ page }) => {
  await openApp(page, "/ai-tools");
  await categoryChips(page).getByRole("link").nth(1).click();
  await expect(page).toHaveURL(/\/ai-tools\/[a-z-]+$/);
  await categoryChips(page).getByRole("link", { name: /^All/ }).click();
  await expect(page).toHaveURL(/\/ai-tools$/);
  await expect(categoryChips(page).getByRole("link", { name: /^All/ })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("a saved category that no longer exists is dropped, not a dead end", async ({ page }) => {
  await openApp(page, "/");
  await page.evaluate(() => {
    localStorage.setItem("browse_category", "Gone Category");
    localStorage.setItem("browse_pricing", "Paid");
  });
  const response = await openApp(page, "/ai-tools");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/ai-tools\?pricing=Paid$/);
  await expect(categoryChips(page).getByRole("link", { name: /^All/ })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(cards(page)).toHaveCount(21);
});

test("a bare /ai-tools brings back the filters saved in this browser", async ({ page }) => {
  await openApp(page, "/ai-tools?pricing=Freemium&sort=Most+Viewed");
  // The page saves its filters once it is running in the browser (local keys).
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("browse_pricing")))
    .toBe("Freemium");
  await openApp(page, "/");
  await openApp(page, "/ai-tools");
  await expect(page).toHaveURL(/\/ai-tools\?sort=Most\+Viewed&pricing=Freemium$/);
  await expect(cards(page)).toHaveCount(21);
});

test("back from a tool restores the filters, the visible count and the scroll position", async ({
  page,
}) => {
  await openApp(page, "/ai-tools?pricing=Freemium");
  await page.getByRole("button", { name: "Load More Tools" }).click();
  await expect(cards(page)).toHaveCount(30);
  const card = cards(page).nth(27);
  await card.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(1000);
  const name = (await card.getByRole("heading").textContent()) as string;
  await card.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  const isRestored = async () => {
    await expect(page).toHaveURL(/\/ai-tools\?pricing=Freemium$/);
    await expect(cards(page)).toHaveCount(30);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrolled + 50);
  };
  await page.goBack();
  await isRestored();
  // And again after going forward to the tool and back once more.
  await page.goForward();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.goBack();
  await isRestored();
});

test("Back from another listing brings back its loaded cards", async ({ page }) => {
  await openApp(page, "/ai-tools?pricing=Paid");
  await page.getByRole("button", { name: "Load More Tools" }).click();
  await expect(cards(page)).toHaveCount(30);
  await page
    .getByRole("navigation", { name: "Pricing" })
    .getByRole("link", { name: "Free", exact: true })
    .click();
  await expect(page).toHaveURL(/pricing=Free$/);
  await expect(cards(page)).toHaveCount(21);
  await page.goBack();
  await expect(page).toHaveURL(/pricing=Paid$/);
  await expect(cards(page)).toHaveCount(30);
});

test("a failed view shows the spec's message and the tool opens anyway", async ({
  page,
  consoleProblems,
}) => {
  await page.route(/\/api\/tools\/[^/]+\/views$/, (route) => route.abort("failed"));
  await openApp(page, "/ai-tools");
  const card = cards(page).first();
  const name = (await card.getByRole("heading").textContent()) as string;
  await card.getByRole("link", { name }).click();
  await expect(page.getByText("Failed to record view. Proceeding to tool page.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  // The browser reports the failed request; that is the failure this test causes.
  expect(consoleProblems).toEqual([expect.stringMatching(/Failed to load resource/)]);
  consoleProblems.length = 0;
});

test("a signed-out like asks the visitor to sign in", async ({ page }) => {
  await openApp(page, "/ai-tools");
  await cards(page)
    .first()
    .getByRole("button", { name: /^Like / })
    .click();
  await expect(page.getByRole("dialog", { name: "Sign in to your account" })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the subcategory sidebar is a panel that opens and filters", async ({ page }) => {
    test.slow();
    await openApp(page, "/ai-tools");
    const toggle = page.getByRole("button", { name: /^Subcategories/ });
    const firstBox = page.getByRole("checkbox").first();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(firstBox).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await firstBox.check();
    await expect(page).toHaveURL(/subcategory=/);
    await expect(toggle).toContainText("1 chosen");
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
});

test("axe reports no violations on a filtered search with results", async ({ page }) => {
  test.slow();
  await openApp(page, "/ai-tools?search=meeting&pricing=Freemium&sort=Rating");
  await expect(cards(page).first()).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});
