import type { Browser, Locator, Page } from "@playwright/test";
import { toolPath } from "~/lib/paths";
import type { ToolCard } from "~/lib/tool";
import { openApp, storeAnalyticsChoice } from "./fixtures";
import { expect, PASSWORD, signUpByApi, test, uniqueEmail } from "./support/accounts";

// The person's liked tools are in the server render, so their hearts are pressed before
// any script runs, and hydration agrees with them.

async function someTool(page: Page, offset: number): Promise<ToolCard> {
  const response = await page.request.get(`/api/tools?sort=Newest&offset=${offset}&limit=1`);
  return ((await response.json()) as { tools: ToolCard[] }).tools[0]!;
}

async function likeByApi(page: Page, tool: ToolCard) {
  const response = await page.request.post(`/api/tools/${tool.id}/like`, {
    headers: { origin: test.info().project.use.baseURL ?? "" },
  });
  expect(response.status()).toBe(200);
}

function likeButton(scope: Page | Locator, tool: ToolCard) {
  return scope.getByRole("button", { name: new RegExp(`^(Like|Unlike) ${tool.name},`) }).first();
}

/** A second browser, signed out. */
async function anotherBrowser(browser: Browser) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: test.info().project.use.extraHTTPHeaders,
  });
  await storeAnalyticsChoice(context);
  return { context, page: await context.newPage() };
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a signed-in person's liked heart is pressed and filled in the server's HTML, others not", async ({
    page,
  }) => {
    await signUpByApi(page, { email: uniqueEmail("ssr-liked") });
    const liked = await someTool(page, 21);
    const other = await someTool(page, 22);
    await likeByApi(page, liked);

    await page.goto(toolPath(liked));
    const button = likeButton(page, liked);
    await expect(button).toHaveAttribute("aria-pressed", "true");
    await expect(button).toHaveAccessibleName(new RegExp(`^Unlike ${liked.name},`));
    await expect(button.locator("svg")).toHaveAttribute("fill", "currentColor");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);

    await page.goto(toolPath(other));
    await expect(likeButton(page, other)).toHaveAttribute("aria-pressed", "false");
    await expect(likeButton(page, other).locator("svg")).toHaveAttribute("fill", "none");
  });

  test("a signed-out visitor's heart for a liked tool is not pressed", async ({
    page,
    browser,
  }) => {
    const tool = await someTool(page, 23);
    const liker = await anotherBrowser(browser);
    await signUpByApi(liker.page, { email: uniqueEmail("ssr-someone") });
    await likeByApi(liker.page, tool);
    await liker.context.close();

    await page.goto(toolPath(tool));
    const button = likeButton(page, tool);
    await expect(button).toHaveAccessibleName(new RegExp(`^Like ${tool.name},`));
    await expect(button).not.toHaveAttribute("aria-pressed", /.*/);
    await expect(button.locator("svg")).toHaveAttribute("fill", "none");
  });
});

test("the liked heart stays pressed through hydration, on the tool page and on /account", async ({
  page,
}) => {
  await signUpByApi(page, { email: uniqueEmail("hydrated-liked") });
  const tool = await someTool(page, 24);
  await likeByApi(page, tool);

  await openApp(page, toolPath(tool));
  await expect(likeButton(page, tool)).toHaveAttribute("aria-pressed", "true");
  await openApp(page, "/account");
  const favourites = page.getByRole("region", { name: "Liked tools" });
  await expect(favourites.getByRole("heading", { name: tool.name })).toBeVisible();
  await expect(likeButton(favourites, tool)).toHaveAttribute("aria-pressed", "true");

  // Unliked here, the tool leaves the list at once.
  await likeButton(favourites, tool).click();
  await expect(favourites.getByRole("heading", { name: tool.name })).toBeHidden();
  await expect(favourites.getByText("You have not liked any tools yet.")).toBeVisible();
});

test("signing in and out shows the new person's liked hearts without a reload", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("switch-liked");
  await signUpByApi(page, { email });
  const tool = await someTool(page, 25);
  await likeByApi(page, tool);
  const visitor = await anotherBrowser(browser);
  const visitorPage = visitor.page;
  await openApp(visitorPage, toolPath(tool));
  await expect(likeButton(visitorPage, tool)).not.toHaveAttribute("aria-pressed", /.*/);

  await visitorPage.getByRole("button", { name: "Sign In" }).first().click();
  const dialog = visitorPage.getByRole("dialog", { name: "Sign in to your account" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign in" }).click();
  await expect(likeButton(visitorPage, tool)).toHaveAttribute("aria-pressed", "true");

  await visitorPage.getByRole("button", { name: "Sign Out" }).first().click();
  await expect(likeButton(visitorPage, tool)).not.toHaveAttribute("aria-pressed", /.*/);
  await visitor.context.close();
});
