import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { comparePath } from "~/lib/compare";
import { expect, openApp, test } from "./fixtures";

// The compare toggles on cards and tool pages, and the tray that keeps the tools picked
// across pages (localStorage) until they are compared.

interface CardTool {
  card: Locator;
  name: string;
  slug: string;
  toggle: Locator;
}

/** The first `count` tool cards on the page, with what the tray will show of them. */
async function cardTools(page: Page, count: number): Promise<CardTool[]> {
  const cards = page.locator("article.tool-card");
  await expect(cards.nth(count - 1)).toBeVisible();
  const tools: CardTool[] = [];
  for (let index = 0; index < count; index++) {
    const card = cards.nth(index);
    const link = card.locator("a.tool-card-link");
    const name = (await link.textContent())!.trim();
    const slug = (await link.getAttribute("href"))!.split("/").pop()!;
    tools.push({
      card,
      name,
      slug,
      toggle: card.getByRole("button", { name: `Compare ${name}`, exact: true }),
    });
  }
  return tools;
}

const tray = (page: Page) => page.getByRole("region", { name: /^Compare tools/ });
const status = (page: Page) => page.locator("#compare-status");

async function addFromCards(page: Page, tools: CardTool[]) {
  for (const tool of tools) {
    await tool.toggle.click();
    await expect(tool.toggle).toHaveAttribute("aria-pressed", "true");
  }
}

/** Presses Tab until `target` has focus; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 400) {
  for (let pressed = 0; pressed < limit; pressed++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test("two tools added from cards show in the tray and open their comparison", async ({ page }) => {
  await openApp(page, "/ai-tools");
  const [first, second] = await cardTools(page, 2);
  const widthBefore = (await first!.toggle.boundingBox())!.width;

  await first!.toggle.click();
  await expect(first!.toggle).toHaveAttribute("aria-pressed", "true");
  // Pressed, the toggle keeps its size: the card does not reflow.
  expect((await first!.toggle.boundingBox())!.width).toBe(widthBefore);
  await expect(status(page)).toHaveText(`${first!.name} added to comparison, 1 of 4`);
  await expect(tray(page)).toBeVisible();
  await expect(tray(page)).toContainText("Add one more tool to compare");
  await expect(tray(page).getByRole("link", { name: "Compare (1)" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );

  await second!.toggle.click();
  await expect(status(page)).toHaveText(`${second!.name} added to comparison, 2 of 4`);
  const items = tray(page).getByRole("listitem");
  await expect(items).toHaveText([first!.name, second!.name]);
  const compare = tray(page).getByRole("link", { name: "Compare (2)" });
  const expected = comparePath([first!.slug, second!.slug]);
  await expect(compare).toHaveAttribute("href", expected);

  await compare.click();
  await expect(page).toHaveURL((url) => url.pathname === expected);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toContainText(first!.name);
  await expect(heading).toContainText(second!.name);
  // On the comparison of exactly its tools, the tray's link says it is this page.
  await expect(tray(page).getByRole("link", { name: "Compare (2)" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("the keyboard alone adds tools and reaches the tray's Compare link", async ({ page }) => {
  // Tab passes every filter, chip and card on the way: a couple of hundred presses.
  test.setTimeout(120_000);
  await openApp(page, "/ai-tools");
  const [first, second] = await cardTools(page, 2);
  await tabTo(page, first!.toggle);
  await page.keyboard.press("Space");
  await expect(first!.toggle).toHaveAttribute("aria-pressed", "true");
  await tabTo(page, second!.toggle);
  await page.keyboard.press("Space");
  await expect(second!.toggle).toHaveAttribute("aria-pressed", "true");

  const compare = tray(page).getByRole("link", { name: "Compare (2)" });
  await tabTo(page, compare);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL((url) => url.pathname === comparePath([first!.slug, second!.slug]));
});

test("the tray stays across pages and reloads, and the tool page's toggle knows", async ({
  page,
}) => {
  await openApp(page, "/ai-tools");
  const tools = await cardTools(page, 2);
  await addFromCards(page, tools);

  await tools[1]!.card.locator("a.tool-card-link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(tools[1]!.name);
  await expect(tray(page).getByRole("listitem")).toHaveText(tools.map((tool) => tool.name));
  const toggle = page.getByRole("button", { name: `Compare ${tools[1]!.name}`, exact: true });
  await expect(toggle).toHaveAttribute("aria-pressed", "true");

  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(tray(page).getByRole("listitem")).toHaveText(tools.map((tool) => tool.name));
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  // Taken out on the tool page, it is gone from the tray.
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(tray(page).getByRole("listitem")).toHaveText([tools[0]!.name]);
});

test("a fifth tool is refused with a message, and the tray keeps its four", async ({ page }) => {
  await openApp(page, "/ai-tools");
  const tools = await cardTools(page, 5);
  await addFromCards(page, tools.slice(0, 4));
  await tools[4]!.toggle.click();
  await expect(
    page.getByText("The comparison holds 4 tools. Remove one from the tray to add this one."),
  ).toBeVisible();
  await expect(tools[4]!.toggle).toHaveAttribute("aria-pressed", "false");
  await expect(tray(page).getByRole("listitem")).toHaveCount(4);
  await expect(tray(page).getByRole("link", { name: "Compare (4)" })).toHaveAttribute(
    "href",
    comparePath(tools.slice(0, 4).map((tool) => tool.slug)),
  );
});

test("removing moves focus to the next tool or the heading, and Clear empties the tray", async ({
  page,
}) => {
  await openApp(page, "/ai-tools");
  const tools = await cardTools(page, 3);
  await addFromCards(page, tools);
  const removeButton = (tool: CardTool) =>
    tray(page).getByRole("button", { name: `Remove ${tool.name} from comparison` });

  await removeButton(tools[1]!).click();
  await expect(status(page)).toHaveText(`${tools[1]!.name} removed from comparison, 2 of 4`);
  await expect(removeButton(tools[2]!)).toBeFocused();
  await expect(tools[1]!.toggle).toHaveAttribute("aria-pressed", "false");

  await page.keyboard.press("Enter");
  await expect(tray(page).getByRole("listitem")).toHaveText([tools[0]!.name]);
  await expect(tray(page).getByRole("heading", { name: /^Compare tools/ })).toBeFocused();

  await tray(page).getByRole("button", { name: "Clear" }).click();
  await expect(tray(page)).toHaveCount(0);
  await expect(status(page)).toHaveText("Comparison cleared");
  await expect(page.locator("#main")).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem("compareTools"))).toBe("[]");
});

test("without JavaScript the toggles keep their room but do not show", async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: test.info().project.use.baseURL,
  });
  const page = await context.newPage();
  await page.goto("/ai-tools");
  const toggle = page.locator("article.tool-card .compare-toggle").first();
  await expect(toggle).toBeHidden();
  const width = await toggle.evaluate((element) => element.getBoundingClientRect().width);
  expect(width).toBeGreaterThan(0);
  await context.close();
});

test("axe finds nothing wrong with the tray open", async ({ page }) => {
  test.setTimeout(90_000);
  await openApp(page, "/ai-tools");
  await addFromCards(page, await cardTools(page, 2));
  await expect(tray(page)).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});

test.describe("on a phone, with the consent banner of a first visit", () => {
  test.use({ analyticsConsent: null, viewport: { width: 390, height: 844 } });

  test("the tray is a compact bar above the banner that expands, and hides no part of the page", async ({
    page,
  }) => {
    await openApp(page, "/ai-tools");
    const banner = page.getByRole("region", { name: "Analytics consent" });
    await expect(banner).toBeVisible();
    const tools = await cardTools(page, 2);
    await addFromCards(page, tools);
    const bar = tray(page);
    await expect(bar).toBeVisible();
    await expect(bar.getByRole("link", { name: "Compare (2)" })).toBeVisible();

    // Compact until asked: the tools are listed only once expanded.
    const expand = bar.getByRole("button", { name: "Show tools" });
    await expect(bar.getByRole("list")).toBeHidden();
    await expand.click();
    await expect(bar.getByRole("button", { name: "Hide tools" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await expect(bar.getByRole("listitem")).toHaveText(tools.map((tool) => tool.name));

    // The bar sits on the banner, both inside the window.
    const [barBox, bannerBox] = await Promise.all([bar.boundingBox(), banner.boundingBox()]);
    expect(barBox!.y + barBox!.height).toBeLessThanOrEqual(bannerBox!.y + 1);
    expect(barBox!.x).toBeGreaterThanOrEqual(0);
    expect(barBox!.width).toBeLessThanOrEqual(390);
    expect(bannerBox!.y + bannerBox!.height).toBeLessThanOrEqual(844 + 1);

    // Scrolled to the end, the footer's last link shows above both.
    const lastLink = page.getByRole("contentinfo").getByRole("link").last();
    const overlap = async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const [link, top] = await Promise.all([lastLink.boundingBox(), bar.boundingBox()]);
      return link!.y + link!.height - top!.y;
    };
    await expect.poll(overlap).toBeLessThanOrEqual(0);

    // With the banner answered, the bar moves down to the bottom, and the room follows.
    await banner.getByRole("button", { name: "Reject", exact: true }).click();
    await expect(banner).toBeHidden();
    await expect
      .poll(async () => {
        const box = await bar.boundingBox();
        return Math.round(box!.y + box!.height);
      })
      .toBe(844);
    await expect.poll(overlap).toBeLessThanOrEqual(0);
    const room = await page.evaluate(() => getComputedStyle(document.body).paddingBottom);
    expect(room).toBe(`${Math.ceil((await bar.boundingBox())!.height)}px`);
  });
});
