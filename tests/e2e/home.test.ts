import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { toolPath } from "~/lib/paths";
import { expect, openApp, sampleTools, test } from "./fixtures";

// Home page, Home, timings (with the browser's clock under test control).

const carouselSlide = (page: Page) =>
  page
    .getByRole("region", { name: "Top tools" })
    .locator('[aria-roledescription="slide"]:not([aria-hidden="true"])');

test("the home page shows every section of the spec, in order, with real data", async ({
  page,
}) => {
  await openApp(page, "/");
  await expect(
    page.getByRole("heading", { level: 1, name: "Business AI Tools Directory" }),
  ).toBeVisible();
  await expect(
    page.getByText(
      "Unlock the Potential of AI | Compare 1000+ Solutions | Get Implementation Support",
    ),
  ).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Search AI tools" })).toBeVisible();
  const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
  expect(headings).toEqual([
    "Browse by category",
    "Featured Enterprise AI Solutions",
    "Recently Added",
    "Popular subcategories",
    "Trusted by Business Leaders",
    "Your Trusted Partner in AI Implementation",
    "Get the best new AI tools every week",
  ]);
  const featured = page.getByRole("region", { name: "Featured Enterprise AI Solutions" });
  await expect(featured.getByRole("article")).toHaveCount(4);
  const recent = page.getByRole("region", { name: "Recently added tools" });
  await expect(recent.getByRole("link")).toHaveCount(20);
  await expect(carouselSlide(page)).toHaveCount(1);
  await expect(
    page.getByText("We respect your privacy. You can unsubscribe at any time."),
  ).toBeVisible();

  await page.getByRole("button", { name: "Get Started Free" }).click();
  await expect(page.getByRole("dialog", { name: "Create your account" })).toBeVisible();
});

test("category chips and the subcategory ticker link to the browse page's filters", async ({
  page,
}) => {
  await openApp(page, "/");
  const chip = page.getByRole("navigation", { name: "Categories" }).getByRole("link").first();
  const name = (await chip.textContent())!.replace(/[\d,]+$/, "").trim();
  await expect(chip).toHaveAttribute(
    "href",
    `/ai-tools?category=${encodeURIComponent(name).replace(/%20/g, "+")}`,
  );
  // A moving link cannot be clicked reliably; the ticker's own button stops it.
  await page.getByRole("button", { name: "Pause the moving subcategories" }).click();
  const ticker = page.getByRole("region", { name: "Subcategory ticker" });
  const shownBox = (await ticker.boundingBox())!;
  let tickerLink = ticker.getByRole("link").first();
  for (const link of await ticker.getByRole("link").all()) {
    const box = await link.boundingBox();
    if (box && box.x >= shownBox.x && box.x + box.width <= shownBox.x + shownBox.width) {
      tickerLink = link;
      break;
    }
  }
  await expect(tickerLink).toHaveAttribute("href", /^\/ai-tools\?subcategory=/);
  await tickerLink.click();
  await expect(page).toHaveURL(/\/ai-tools\?subcategory=/);
  await expect(page.getByRole("checkbox", { checked: true })).toHaveCount(1);
});

test("the tagline deletes its word and types the next one (timings: unit test)", async ({
  page,
}) => {
  await page.clock.install();
  await openApp(page, "/");
  // From here on the page's time moves only when the test says so.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  const word = page.locator("h1 + p [aria-hidden='true']").first();
  await expect(word).toHaveText("Business");
  // Each step is one timer that the page sets after the previous one has shown.
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        await page.clock.runFor(150);
        const text = ((await word.textContent()) ?? "").replace(/\u200b/g, "");
        seen.add(text);
        return text;
      },
      { intervals: [0], timeout: 30_000 },
    )
    .toBe("Personal Life");
  expect(seen).toContain("");
  expect(seen).toContain("Personal");
});

test("the search box rotates its placeholders every 3 s", async ({ page }) => {
  await page.clock.install();
  await openApp(page, "/");
  const box = page.getByRole("searchbox", { name: "Search AI tools" });
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  const placeholder = async () => (await box.getAttribute("placeholder")) ?? "";
  // Wait for a change, then time the next one: 3 s apart.
  const first = await placeholder();
  await expect
    .poll(async () => (await page.clock.runFor(100), placeholder()), { intervals: [0] })
    .not.toBe(first);
  const second = await placeholder();
  await page.clock.runFor(2_850);
  expect(await placeholder()).toBe(second);
  await page.clock.runFor(200);
  expect(await placeholder()).not.toBe(second);
});

test("the top-tools carousel moves on every 10 s and holds under the pointer and focus", async ({
  page,
}) => {
  await page.clock.install();
  await openApp(page, "/");
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  await expect(carouselSlide(page)).toHaveAttribute("aria-label", "1 of 5");
  // Wait for the first change, then time the next one: 10 s apart.
  await expect
    .poll(
      async () => (await page.clock.runFor(200), carouselSlide(page).getAttribute("aria-label")),
      { intervals: [0] },
    )
    .toBe("2 of 5");
  await page.clock.runFor(9_700);
  await expect(carouselSlide(page)).toHaveAttribute("aria-label", "2 of 5");
  await page.clock.runFor(400);
  await expect(carouselSlide(page)).toHaveAttribute("aria-label", "3 of 5");

  await page.getByRole("region", { name: "Top tools" }).hover();
  await page.clock.runFor(30_000);
  await expect(carouselSlide(page)).toHaveAttribute("aria-label", "3 of 5");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(carouselSlide(page)).toHaveAttribute("aria-label", "4 of 5");
  // Keyboard focus inside holds it too, after the pointer has left.
  await page.mouse.move(0, 0);
  await page.clock.runFor(30_000);
  await expect(carouselSlide(page)).toHaveAttribute("aria-label", "4 of 5");
  const pause = page.getByRole("button", { name: "Pause the top tools" });
  await pause.click();
  await expect(pause).toHaveAttribute("aria-pressed", "true");
});

test("with reduced motion nothing moves by itself", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.clock.install();
  await openApp(page, "/");
  await page.clock.runFor(25_000);
  await expect(carouselSlide(page)).toHaveAttribute("aria-label", "1 of 5");
  await expect(page.locator("h1 + p [aria-hidden='true']").first()).toHaveText("Business");
  const animations = await page
    .locator(".marquee-track")
    .evaluateAll((tracks) => tracks.map((track) => getComputedStyle(track).animationName));
  expect(animations.length).toBeGreaterThan(0);
  expect(new Set(animations)).toEqual(new Set(["none"]));
});

test("/tool/... addresses redirect to the tool's page; unknown ones get a 404", async ({
  page,
  request,
}) => {
  const { withSubcategory: tool } = await sampleTools(request);
  for (const alias of [`/tool/${tool.slug}`, `/tool/${encodeURIComponent(tool.name)}`]) {
    const response = await request.get(alias, { maxRedirects: 0 });
    expect(response.status(), alias).toBe(301);
    expect(response.headers()["location"]).toBe(toolPath(tool));
  }
  const missing = await page.goto("/tool/no-such-tool-anywhere");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});

test("a tool page has related tools, social cards and structured data", async ({
  page,
  request,
}) => {
  const { withSubcategory: tool } = await sampleTools(request);
  await page.goto(toolPath(tool));
  const related = page.getByRole("region", { name: "Related tools" });
  await expect(related.getByRole("article").first()).toContainText(tool.subCategory!);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
  // The shared card is the generated image; the application's own stays its picture.
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    new RegExp(`^http.*/og/tools/${tool.slug}\\.png\\?v=`),
  );
  const jsonLd = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? "")));
  expect(jsonLd.map((item) => item["@type"])).toEqual(["SoftwareApplication", "BreadcrumbList"]);
  expect(jsonLd[0].name).toBe(tool.name);
  expect(jsonLd[0].image).toMatch(/^http.*_1200x900\.webp$/);
});

test("axe reports no violations on the home page with reduced motion", async ({ page }) => {
  test.slow();
  await page.emulateMedia({ reducedMotion: "reduce" });
  await openApp(page, "/");
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the home page fits the screen's width", async ({ page }) => {
    await openApp(page, "/");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
