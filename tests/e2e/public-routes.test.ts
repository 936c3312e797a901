import { toolPath, categoryPath, subCategoryPath } from "~/lib/paths";
import { expect, openApp, sampleTools, test } from "./fixtures";

const STATIC_PAGES = [
  { path: "/", heading: "Business AI Tools Directory" },
  { path: "/ai-tools", heading: "AI Tools for Business Growth" },
  { path: "/newsletter", heading: "The Business AI Tools newsletter" },
  { path: "/newsletter-welcome", heading: "Subscribe to the newsletter" },
  { path: "/privacy-policy", heading: "Privacy Policy" },
  { path: "/terms-of-service", heading: "Terms of Service" },
  { path: "/disclaimer", heading: "Disclaimer" },
];

for (const { path, heading } of STATIC_PAGES) {
  test(`${path} answers 200 and renders "${heading}"`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText(String(new Date().getFullYear()));
  });
}

test("category and subcategory listings show their tools", async ({ page, request }) => {
  const { withSubcategory: tool } = await sampleTools(request);
  const category = tool.category as string;
  const subCategory = tool.subCategory as string;

  expect((await page.goto(categoryPath(category)))?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: `${category} AI Tools` })).toBeVisible();
  await expect(page.getByRole("article").first()).toBeVisible();

  expect((await page.goto(subCategoryPath(category, subCategory)))?.status()).toBe(200);
  await expect(
    page.getByRole("heading", { level: 1, name: `${subCategory} AI Tools` }),
  ).toBeVisible();
  const cards = page.getByRole("article");
  await expect(cards.first()).toContainText(subCategory);
});

test("each tool URL shape renders the tool page with its breadcrumb trail", async ({
  page,
  request,
}) => {
  const samples = await sampleTools(request);
  for (const tool of Object.values(samples)) {
    const response = await page.goto(toolPath(tool));
    expect(response?.status(), toolPath(tool)).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: tool.name })).toBeVisible();
    const trail = page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem");
    const expected = ["Home", "AI Tools", tool.category, tool.subCategory, tool.name].filter(
      Boolean,
    );
    await expect(trail).toHaveText(expected.map((label) => new RegExp(`${label}$`)));
  }
});

test("the tool page shows its fields and uses its SEO title and description", async ({
  page,
  request,
}) => {
  const { withSubcategory: card } = await sampleTools(request);
  const { tool } = await (await request.get(`/api/tools/${card.id}`)).json();
  await page.goto(toolPath(card));
  await expect(page).toHaveTitle(tool.seo.titleTag);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    tool.seo.metaDescription,
  );
  const facts = page.locator("dl").filter({ hasText: "Pricing model" });
  await expect(facts).toContainText(`Pricing model${tool.pricing.model}`);
  await expect(facts).toContainText(`Price${tool.pricing.amount}`);
  await expect(page.getByRole("heading", { name: "Key features" })).toBeVisible();
  for (const feature of tool.keyFeatures) {
    await expect(page.getByRole("listitem").filter({ hasText: feature }).first()).toBeVisible();
  }
  const visit = page.getByRole("link", { name: "Visit website" });
  await expect(visit).toHaveAttribute("href", tool.websiteUrl);
});

test("a tool card opens the tool page", async ({ page }) => {
  await openApp(page, "/ai-tools");
  const card = page.getByRole("article").first();
  const name = (await card.getByRole("heading").textContent()) as string;
  await card.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
});

test("an unknown path answers 404 with a helpful page", async ({ page }) => {
  for (const path of [
    "/no-such-page",
    "/ai-tools/no-such-category",
    "/ai-tools/marketing/no-such-tool",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse AI tools" })).toBeVisible();
  }
});

test("the browse page presets a known category from the query and ignores an unknown one", async ({
  page,
}) => {
  await page.goto("/ai-tools?category=Sales");
  await expect(
    page
      .getByRole("navigation", { name: "Categories", exact: true })
      .getByRole("link", { name: /^Sales/ }),
  ).toHaveAttribute("aria-current", "page");
  // Cards first: a loop over no cards would prove nothing.
  await expect(page.getByRole("article").first()).toBeVisible();
  for (const badge of await page.getByRole("article").all())
    await expect(badge).toContainText("Sales");

  await page.goto("/ai-tools?category=Nonsense");
  await expect(
    page
      .getByRole("navigation", { name: "Categories", exact: true })
      .getByRole("link", { name: /^All/ }),
  ).toHaveAttribute("aria-current", "page");
});

test("bad filter values on a page fall back to their defaults instead of failing", async ({
  page,
}) => {
  const response = await page.goto("/ai-tools?sort=Cheapest&pricing=Gold&limit=0");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("article")).toHaveCount(21);
});

test("Load More Tools adds 9 cards of the same listing, in the same order", async ({
  page,
  request,
}) => {
  await openApp(page, "/ai-tools?sort=Most+Liked&pricing=Freemium");
  await expect(page.getByRole("article")).toHaveCount(21);
  await page.getByRole("button", { name: "Load More Tools" }).click();
  await expect(page.getByRole("article")).toHaveCount(30);
  await page.getByRole("button", { name: "Load More Tools" }).click();
  await expect(page.getByRole("article")).toHaveCount(39);
  await expect(page).toHaveURL(/\/ai-tools\?sort=Most\+Liked&pricing=Freemium$/);

  const api = await request.get("/api/tools?sort=Most+Liked&pricing=Freemium&limit=39");
  const { tools } = (await api.json()) as { tools: { name: string }[] };
  await expect(page.getByRole("article").getByRole("heading")).toHaveText(
    tools.map((tool) => tool.name),
  );
});

test("the search box shows Search only with text and ignores blank text", async ({ page }) => {
  await openApp(page, "/");
  const box = page.getByRole("searchbox", { name: "Search AI tools" });
  const button = page.getByRole("button", { name: "Search", exact: true });
  await expect(box).toHaveAttribute("placeholder", "Search AI tools...");
  await expect(button).toHaveCount(0);
  // Every page load and every page-data fetch: a navigation asks for one of them.
  const navigations: string[] = [];
  page.on("request", (request) => {
    const { pathname, search } = new URL(request.url());
    if (request.isNavigationRequest() || pathname.endsWith(".data")) {
      navigations.push(pathname + search);
    }
  });
  await box.fill("   ");
  await box.press("Enter");
  await box.fill("meeting notes");
  await button.click();
  await expect(page).toHaveURL(/\/ai-tools\?search=meeting\+notes$/);
  await expect(page.getByText(/results for "meeting notes"/)).toBeVisible();
  // The blank Enter came first; had it gone anywhere, its request would be here before these.
  expect(navigations.length).toBeGreaterThan(0);
  expect(navigations.filter((url) => !url.includes("search=meeting+notes"))).toEqual([]);
});

test("a tool reached at another address redirects to its canonical URL, which the page names", async ({
  page,
  request,
}) => {
  const { withSubcategory: tool } = await sampleTools(request);
  const canonical = toolPath(tool);
  const shortened = `${categoryPath(tool.category as string)}/${tool.slug}`;
  const response = await request.get(shortened, { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers()["location"]).toBe(canonical);

  await page.goto(canonical.toUpperCase());
  await expect(page).toHaveURL(new RegExp(`${canonical}$`));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`${canonical}$`),
  );
});

test("Clear empties the search, keeps the other filters and shows every tool again", async ({
  page,
}) => {
  await openApp(page, "/ai-tools?search=meeting&pricing=Free");
  await expect(page.getByText(/results? for "meeting"/)).toBeVisible();
  await page.getByRole("button", { name: "Clear", exact: true }).click();
  await expect(page).toHaveURL(/\/ai-tools\?pricing=Free$/);
  await expect(page.getByRole("searchbox", { name: "Search AI tools" })).toHaveValue("");
  await expect(page.getByText(/^Showing 21 of [\d,]+ tools$/)).toBeVisible();
});
