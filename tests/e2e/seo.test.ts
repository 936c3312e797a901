import type { Page } from "@playwright/test";
import sharp from "sharp";
import { categoryPath, subCategoryPath, toolPath } from "~/lib/paths";
import { expect, sampleTools, test } from "./fixtures";

// Canonical links, ItemList JSON-LD, social cards with generated images, and the
// feeds' alternate links, as a crawler reads them from the server's HTML.

const canonicalOf = (page: Page) => page.locator('link[rel="canonical"]').getAttribute("href");

async function itemList(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const lists = blocks
    .map((text) => JSON.parse(text) as { "@type": string })
    .filter((data) => data["@type"] === "ItemList");
  expect(lists).toHaveLength(1);
  return lists[0] as unknown as {
    numberOfItems: number;
    itemListElement: { position: number; url: string; name: string }[];
  };
}

test("canonical links: home, a filtered /ai-tools, a filtered category, a tool page", async ({
  page,
  request,
  baseURL,
}) => {
  const { withSubcategory: tool } = await sampleTools(request);
  const category = categoryPath(tool.category!);
  const cases = [
    ["/", "/"],
    ["/ai-tools?search=writing&sort=Newest&pricing=Free", "/ai-tools"],
    [`/ai-tools?category=${encodeURIComponent(tool.category!)}&sort=Newest`, category],
    [`${category}?pricing=Free&sort=Most%20Liked`, category],
    [
      `${category}?subcategory=${encodeURIComponent(tool.subCategory!)}`,
      subCategoryPath(tool.category!, tool.subCategory!),
    ],
    [`${toolPath(tool)}?utm_source=x`, toolPath(tool)],
  ];
  for (const [address, canonical] of cases) {
    await page.goto(address!);
    expect(await canonicalOf(page), address).toBe(new URL(canonical!, baseURL).href);
  }
});

test("a listing's ItemList JSON-LD parses and lists the cards it shows, in order", async ({
  page,
  request,
  baseURL,
}) => {
  const { withSubcategory: tool } = await sampleTools(request);
  for (const address of ["/ai-tools?sort=Most%20Liked", categoryPath(tool.category!)]) {
    await page.goto(address);
    const list = await itemList(page);
    const cards = page.getByRole("article");
    const names = await cards.getByRole("heading").allTextContents();
    expect(list.numberOfItems).toBe(names.length);
    expect(list.itemListElement.map((item) => item.name)).toEqual(names.map((name) => name.trim()));
    expect(list.itemListElement.map((item) => item.position)).toEqual(names.map((_, i) => i + 1));
    const first = list.itemListElement[0]!;
    const href = await cards
      .first()
      .getByRole("link", { name: first.name })
      .first()
      .getAttribute("href");
    expect(first.url).toBe(new URL(href!, baseURL).href);
  }
});

test("listings and home have social cards and the feeds' alternate links", async ({ page }) => {
  for (const address of ["/", "/ai-tools?search=seo"]) {
    await page.goto(address);
    const canonical = await canonicalOf(page);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", canonical!);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", /summary/);
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      "href",
      "/feed.xml",
    );
    await expect(
      page.locator('link[rel="alternate"][type="application/atom+xml"]'),
    ).toHaveAttribute("href", "/feed.atom");
  }
});

test("a tool page's og:image is a generated 1200x630 PNG, long cached", async ({
  page,
  request,
}) => {
  const { withSubcategory: tool } = await sampleTools(request);
  await page.goto(toolPath(tool));
  const image = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(image).toMatch(new RegExp(`/og/tools/${tool.slug}\\.png\\?v=`));
  await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute("content", image!);
  const response = await request.get(image!);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("immutable");
  const meta = await sharp(await response.body()).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
  expect((await request.get("/og/tools/no-such-tool.png")).status()).toBe(404);
});

test("a listing served from the render cache names the canonical of its query, whatever else the address holds", async ({
  request,
  baseURL,
}) => {
  const canonical = `<link rel="canonical" href="${new URL("/ai-tools", baseURL).href}"/>`;
  for (const address of [
    "/ai-tools?sort=Rating&utm_source=x",
    "/ai-tools?utm_source=y&sort=Rating",
  ]) {
    const response = await request.get(address);
    expect(await response.text(), address).toContain(canonical);
  }
  const again = await request.get("/ai-tools?sort=Rating&utm_campaign=z");
  expect(again.headers()["x-cache"]).toBe("HIT");
  expect(await again.text()).toContain(canonical);
});

test("a filtered listing is titled as the listing its canonical names; an empty one is not indexed", async ({
  page,
  request,
}) => {
  const { withSubcategory: tool } = await sampleTools(request);
  const heads = async (address: string) => {
    await page.goto(address);
    return {
      title: await page.title(),
      og: await page.locator('meta[property="og:title"]').getAttribute("content"),
      robots: await page.locator('meta[name="robots"]').count(),
    };
  };
  const category = encodeURIComponent(tool.category!);
  const subcategory = encodeURIComponent(tool.subCategory!);
  const categoryPage = await heads(categoryPath(tool.category!));
  expect(await heads(`/ai-tools?category=${category}&sort=Newest`)).toEqual(categoryPage);
  expect(categoryPage.og).toBe(`${tool.category} AI Tools`);
  const subPage = await heads(subCategoryPath(tool.category!, tool.subCategory!));
  expect(await heads(`/ai-tools?subcategory=${subcategory}`)).toEqual(subPage);
  expect(await heads(`${categoryPath(tool.category!)}?subcategory=${subcategory}`)).toEqual(
    subPage,
  );

  await page.goto("/ai-tools?search=qqqzzxnothingmatchesthis");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
});
