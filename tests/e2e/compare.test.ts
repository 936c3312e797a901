import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext } from "@playwright/test";
import { comparePath } from "~/lib/compare";
import { toolPath } from "~/lib/paths";
import type { ToolCard } from "~/lib/tool";
import { expect, openApp, test } from "./fixtures";

// The compare page, its redirects and error pages, and "Compare with" on tool pages.

/** Demo tools of one subcategory, most viewed first. */
async function toolsOfOneSubcategory(request: APIRequestContext, count: number) {
  const response = await request.get("/api/tools?limit=1000&sort=Most%20Viewed");
  const { tools } = (await response.json()) as { tools: ToolCard[] };
  const groups = new Map<string, ToolCard[]>();
  for (const tool of tools) {
    if (!tool.category || !tool.subCategory) continue;
    const key = `${tool.category}/${tool.subCategory}`;
    groups.set(key, [...(groups.get(key) ?? []), tool]);
  }
  const group = [...groups.values()].find((members) => members.length >= count);
  if (!group) throw new Error(`The demo catalogue has no subcategory of ${count} tools`);
  return group.slice(0, count);
}

/** Any demo tools, for comparisons that need more than one subcategory holds. */
async function anyTools(request: APIRequestContext, count: number) {
  const response = await request.get(`/api/tools?limit=${count}`);
  return ((await response.json()) as { tools: ToolCard[] }).tools.slice(0, count);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const slugsOf = (tools: readonly ToolCard[]) => tools.map((tool) => tool.slug);

test.describe("the compare page", () => {
  test("shows two tools side by side with their facts, linked to their pages", async ({
    page,
    request,
  }) => {
    const [first, second] = await toolsOfOneSubcategory(request, 2);
    const response = await page.goto(comparePath(slugsOf([first!, second!])));
    expect(response?.status()).toBe(200);
    const [a, b] = [first!, second!].sort((x, y) => (x.slug < y.slug ? -1 : 1));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${a!.name} vs ${b!.name}`);
    await expect(page).toHaveTitle(`${a!.name} vs ${b!.name} | Business AI Tools Directory`);
    await expect(page.getByRole("columnheader", { name: a!.name })).toBeVisible();
    await expect(page.getByRole("link", { name: b!.name, exact: true })).toHaveAttribute(
      "href",
      toolPath(b!),
    );
    const category = page.getByRole("row", { name: /^Category/ });
    await expect(category.getByRole("cell")).toHaveText([a!.category!, b!.category!]);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new URL(comparePath(slugsOf([a!, b!])), page.url()).href,
    );
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /\/og\/compare\/.+-vs-.+\.png\?v=/,
    );
  });

  test("moves any other order to the canonical address with a 301", async ({ request }) => {
    const [first, second] = await toolsOfOneSubcategory(request, 2);
    const [a, b] = slugsOf([first!, second!]).sort();
    const response = await request.get(`/compare/${b}-vs-${a}`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(`/compare/${a}-vs-${b}`);
  });

  test("moves one tool named twice to its own page", async ({ request }) => {
    const [tool] = await anyTools(request, 1);
    const response = await request.get(`/compare/${tool!.slug}-vs-${tool!.slug}`, {
      maxRedirects: 0,
    });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(toolPath(tool!));
  });

  test("hides the rows every tool shares under Differences only, and shows them again", async ({
    page,
    request,
  }) => {
    const tools = await toolsOfOneSubcategory(request, 2);
    await openApp(page, comparePath(slugsOf(tools)));
    const same = page.getByRole("row", { name: /^Category/ });
    const different = page.locator("tbody tr[data-row]:not([data-same])").first();
    await expect(same).toBeVisible();
    const differencesOnly = page.getByRole("switch", { name: "Differences only" });
    await differencesOnly.focus();
    await page.keyboard.press("Space");
    await expect(differencesOnly).toBeChecked();
    await expect(same).toBeHidden();
    await expect(different).toBeVisible();
    await differencesOnly.click();
    await expect(same).toBeVisible();
  });

  test("works without JavaScript: the table and the Differences only switch", async ({
    browser,
    request,
  }) => {
    const tools = await toolsOfOneSubcategory(request, 3);
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: test.info().project.use.baseURL,
    });
    const page = await context.newPage();
    const response = await page.goto(comparePath(slugsOf(tools)));
    expect(response?.status()).toBe(200);
    for (const tool of tools) {
      await expect(page.getByRole("columnheader", { name: tool.name })).toBeVisible();
    }
    const same = page.getByRole("row", { name: /^Subcategory/ });
    await expect(same).toBeVisible();
    await page.getByText("Differences only").click();
    await expect(same).toBeHidden();
    await context.close();
  });

  test("answers 404 naming a tool not listed, with a way to the one that is", async ({
    page,
    request,
  }) => {
    const [tool] = await anyTools(request, 1);
    const response = await page.goto(`/compare/${tool!.slug}-vs-no-such-tool-anywhere`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "A tool is not listed" })).toBeVisible();
    await expect(page.getByText("“no-such-tool-anywhere”")).toBeVisible();
    await page.getByRole("link", { name: `See ${tool!.name}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: tool!.name })).toBeVisible();
  });

  test("a tray holding a tool no longer listed leads to a 404 that lets it go", async ({
    page,
    request,
  }) => {
    const tools = await anyTools(request, 2);
    const gone = { id: "gone-tool-id", slug: "no-such-tool-anywhere", name: "Gone Tool" };
    const held = [...tools.map(({ id, slug, name }) => ({ id, slug, name })), gone];
    await page.addInitScript((text) => {
      if (!sessionStorage.getItem("seeded")) localStorage.setItem("compareTools", text);
      sessionStorage.setItem("seeded", "1");
    }, JSON.stringify(held));
    const response = await openApp(page, comparePath(held.map((tool) => tool.slug)));
    expect(response?.status()).toBe(404);
    const names = [...tools].sort((x, y) => (x.slug < y.slug ? -1 : 1)).map((tool) => tool.name);
    const onward = page.getByRole("link", { name: `Compare ${names[0]} and ${names[1]}` });
    await expect(onward).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("compareTools")))
      .not.toContain("gone-tool-id");
    await onward.click();
    await expect(page).toHaveURL(new RegExp(`${escaped(comparePath(slugsOf(tools)))}$`));
  });

  test("answers 400 with a page and a way on for more than four tools", async ({
    page,
    request,
  }) => {
    const response = await page.goto(comparePath(slugsOf(await anyTools(request, 5))));
    expect(response?.status()).toBe(400);
    await expect(
      page.getByRole("heading", { name: "You can compare up to 4 tools" }),
    ).toBeVisible();
    await page.getByRole("link", { name: "Browse AI tools" }).last().click();
    await expect(page).toHaveURL(/\/ai-tools$/);
  });

  test("answers 400 or 404, never 500, to malformed addresses", async ({ request }) => {
    const [tool] = await anyTools(request, 1);
    for (const rest of [
      "x".repeat(10_000),
      `${tool!.slug}-vs-`.repeat(10_000 / (tool!.slug.length + 4)).slice(0, 10_000),
      `${tool!.slug}--vs--${tool!.slug}`,
      `${tool!.slug}-vs-%00`,
      `${tool!.slug}_vs_${tool!.slug}`,
      "",
    ]) {
      const response = await request.get(`/compare/${rest}`, { maxRedirects: 0 });
      expect([400, 404], rest.slice(0, 40)).toContain(response.status());
    }
  });

  test("leads from Compare with on a tool page to the comparison", async ({ page, request }) => {
    const [tool] = await toolsOfOneSubcategory(request, 2);
    await page.goto(toolPath(tool!));
    const compareWith = page.getByRole("region", { name: `Compare ${tool!.name} with` });
    const links = compareWith.getByRole("link");
    await expect(links.first()).toHaveText(new RegExp(`^${escaped(tool!.name)} vs `));
    expect(await links.count()).toBeLessThanOrEqual(3);
    const other = ((await links.first().textContent()) ?? "").slice(`${tool!.name} vs `.length);
    await links.first().click();
    await expect(page).toHaveURL(/\/compare\/.+-vs-.+/);
    await expect(page.getByRole("columnheader", { name: tool!.name })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: other })).toBeVisible();
  });

  test("axe reports no violations on a comparison, the 400 and 404 pages, or with Differences only", async ({
    page,
    request,
  }) => {
    test.slow();
    await openApp(page, comparePath(slugsOf(await toolsOfOneSubcategory(request, 3))));
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.getByRole("switch", { name: "Differences only" }).check();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.goto(comparePath(slugsOf(await anyTools(request, 5))));
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.goto(comparePath([...slugsOf(await anyTools(request, 2)), "no-such-tool"]));
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });

  test("shows two tools side by side on a phone without scrolling", async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const tools = await toolsOfOneSubcategory(request, 2);
    await page.goto(comparePath(slugsOf(tools)));
    const table = page.getByRole("region", { name: /vs/ });
    expect(await table.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    for (const tool of tools) {
      await expect(page.getByRole("columnheader", { name: tool.name })).toBeInViewport();
    }
  });

  test("scrolls sideways on a phone with the row names in view", async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(comparePath(slugsOf(await toolsOfOneSubcategory(request, 3))));
    const table = page.getByRole("region", { name: /vs/ });
    const label = page.getByRole("rowheader", { name: "Category", exact: true });
    const before = await label.boundingBox();
    await table.evaluate((element) => element.scrollBy({ left: 300 }));
    await expect.poll(async () => (await label.boundingBox())?.x).toBe(before?.x);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});
