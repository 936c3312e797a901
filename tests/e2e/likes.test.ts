import type { Browser, Page } from "@playwright/test";
import { toolPath } from "~/lib/paths";
import type { ToolCard } from "~/lib/tool";
import { openApp, storeAnalyticsChoice } from "./fixtures";
import { expect, PASSWORD, signInByApi, signUpByApi, test, uniqueEmail } from "./support/accounts";

// Likes and views, live on every device. Runs on PGlite and on PostgreSQL.

async function someTool(page: Page, offset: number): Promise<ToolCard> {
  const response = await page.request.get(`/api/tools?sort=Newest&offset=${offset}&limit=1`);
  return ((await response.json()) as { tools: ToolCard[] }).tools[0]!;
}

async function likesOf(page: Page, id: string): Promise<number> {
  const response = await page.request.get(`/api/tools/${id}`);
  return ((await response.json()) as { tool: ToolCard }).tool.likesTotal;
}

/** A second browser of the same person (or of a visitor, without an email). */
async function anotherBrowser(browser: Browser, email?: string) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: test.info().project.use.extraHTTPHeaders,
  });
  await storeAnalyticsChoice(context);
  const page = await context.newPage();
  if (email) await signInByApi(page, email, PASSWORD);
  return { context, page };
}

function likeButton(page: Page, tool: ToolCard) {
  return page.getByRole("button", { name: new RegExp(`^(Like|Unlike) ${tool.name},`) }).first();
}

test("like and unlike show their toasts, and the count and state follow", async ({ page }) => {
  await signUpByApi(page, { email: uniqueEmail("liker") });
  const tool = await someTool(page, 3);
  const before = await likesOf(page, tool.id);
  await page.clock.install();
  await openApp(page, toolPath(tool));
  // From here the page's time moves only when the test moves it.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  const button = likeButton(page, tool);
  await expect(button).toHaveAttribute("aria-pressed", "false");

  await button.click();
  const added = page.getByText("Added to favorites!");
  await expect(added).toBeVisible();
  await expect(button).toHaveAttribute("aria-pressed", "true");
  await expect(button).toHaveAccessibleName(
    `Unlike ${tool.name}, ${before + 1} ${before + 1 === 1 ? "like" : "likes"}`,
  );
  expect(await likesOf(page, tool.id)).toBe(before + 1);
  // The toast stays 2 s.
  await page.clock.runFor(1999);
  await expect(added).toBeVisible();
  await page.clock.runFor(1);
  await expect(added).toBeHidden();

  await button.click();
  const removed = page.getByText("Removed from favorites");
  await expect(removed).toBeVisible();
  await expect(button).toHaveAttribute("aria-pressed", "false");
  expect(await likesOf(page, tool.id)).toBe(before);
  await page.clock.runFor(1999);
  await expect(removed).toBeVisible();
  await page.clock.runFor(1);
  await expect(removed).toBeHidden();
});

test("a like shows at once on the person's other device and on a visitor's page", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("devices");
  await signUpByApi(page, { email });
  const tool = await someTool(page, 5);
  const before = await likesOf(page, tool.id);
  const other = await anotherBrowser(browser, email);
  const visitor = await anotherBrowser(browser);
  await openApp(other.page, toolPath(tool));
  await openApp(visitor.page, toolPath(tool));
  await openApp(page, toolPath(tool));

  await likeButton(page, tool).click();
  await expect(likeButton(other.page, tool)).toHaveAttribute("aria-pressed", "true");
  await expect(likeButton(other.page, tool)).toContainText(String(before + 1));
  await expect(likeButton(visitor.page, tool)).toContainText(String(before + 1));

  await likeButton(other.page, tool).click();
  await expect(likeButton(page, tool)).toHaveAttribute("aria-pressed", "false");
  await expect(likeButton(visitor.page, tool)).toContainText(String(before));
  await other.context.close();
  await visitor.context.close();
});

test("liked tools appear on /account live when liked on another device", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("favourites");
  await signUpByApi(page, { email });
  const tool = await someTool(page, 7);
  await openApp(page, "/account");
  await expect(page.getByText("You have not liked any tools yet.")).toBeVisible();

  const other = await anotherBrowser(browser, email);
  await openApp(other.page, toolPath(tool));
  await likeButton(other.page, tool).click();
  await expect(
    page.getByRole("region", { name: "Liked tools" }).getByRole("heading", { name: tool.name }),
  ).toBeVisible();
  await other.context.close();
});

test("a second click while a like is pending sends nothing", async ({ page }) => {
  await signUpByApi(page, { email: uniqueEmail("pending") });
  const tool = await someTool(page, 15);
  let requests = 0;
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  // The like is held at the network until the test lets it through.
  await page.route("**/api/tools/*/like", async (route) => {
    requests++;
    await answered;
    await route.continue();
  });
  await openApp(page, toolPath(tool));
  const button = likeButton(page, tool);
  await button.click();
  await expect.poll(() => requests).toBe(1);
  await button.click();
  await button.click();
  // Both clicks came while the first like was still waiting for its answer.
  await expect(button).toHaveAttribute("aria-busy", "true");
  answer();
  await expect(page.getByText("Added to favorites!")).toBeVisible();
  await expect(button).toHaveAttribute("aria-pressed", "true");
  expect(requests).toBe(1);
});

test("a failed like shows the inline error for 5 s and the failure toast", async ({
  page,
  consoleProblems,
}) => {
  await signUpByApi(page, { email: uniqueEmail("failing") });
  const tool = await someTool(page, 9);
  await page.route("**/api/tools/*/like", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
  );
  await page.clock.install();
  await openApp(page, toolPath(tool));
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await likeButton(page, tool).click();
  const inline = page.getByRole("alert").filter({ hasText: "Failed to update. Please try again." });
  await expect(inline).toBeVisible();
  const failureToast = page.getByText("Failed to update like status");
  await expect(failureToast).toBeVisible();
  await expect(likeButton(page, tool)).toHaveAttribute("aria-pressed", "false");
  // The toast stays 3 s, the inline error 5 s.
  await page.clock.runFor(2_999);
  await expect(failureToast).toBeVisible();
  await page.clock.runFor(1);
  await expect(failureToast).toBeHidden();
  await expect(inline).toBeVisible();
  await page.clock.runFor(1_999);
  await expect(inline).toBeVisible();
  await page.clock.runFor(1);
  await expect(inline).toBeHidden();
  // The browser reports the refused request; that is the failure this test causes.
  expect(consoleProblems).toEqual([expect.stringMatching(/status of 500/)]);
  consoleProblems.length = 0;
});

test("a page still showing a session that ended in another tab asks to sign in on a like", async ({
  page,
}) => {
  await signUpByApi(page, { email: uniqueEmail("stale-tab") });
  const tool = await someTool(page, 15);
  await openApp(page, toolPath(tool));
  const header = page.getByRole("banner");
  await expect(header.getByRole("button", { name: "Sign Out", exact: true }).first()).toBeVisible();

  const otherTab = await page.context().newPage();
  const signedOut = await otherTab.request.post("/api/auth/sign-out", {
    data: {},
    headers: { origin: test.info().project.use.baseURL ?? "" },
  });
  expect(signedOut.status()).toBe(200);
  await otherTab.close();

  await likeButton(page, tool).click();
  await expect(page.getByRole("dialog", { name: "Sign in to your account" })).toBeVisible();
  await expect(page.getByText("Failed to update. Please try again.")).toHaveCount(0);
  await expect(page.getByText("Failed to update like status")).toHaveCount(0);
  // The header shows the visitor signed out once the root loader has run again.
  await expect(header.getByRole("button", { name: "Sign In", exact: true }).first()).toBeVisible();
  await expect(header.getByRole("button", { name: "Sign Out", exact: true })).toHaveCount(0);
});

// The unverified person (a session from before decision 022) is rendered in
// tests/unit/unverified-viewer.test.tsx, and refused by the server in
// tests/integration/unverified-session.test.ts.
test("the like API: 401 signed out, 404 for an unknown tool, repeats change nothing", async ({
  page,
}) => {
  const origin = { origin: test.info().project.use.baseURL ?? "" };
  const tool = await someTool(page, 13);
  expect(
    (await page.request.post(`/api/tools/${tool.id}/like`, { headers: origin })).status(),
  ).toBe(401);
  await signUpByApi(page, { email: uniqueEmail("api") });
  expect(
    (await page.request.post("/api/tools/no-such-tool/like", { headers: origin })).status(),
  ).toBe(404);
  const before = await likesOf(page, tool.id);
  for (let i = 0; i < 3; i++) {
    const liked = await page.request.post(`/api/tools/${tool.id}/like`, { headers: origin });
    expect(await liked.json()).toEqual({ likesTotal: before + 1, isLiked: true });
  }
  for (let i = 0; i < 2; i++) {
    const unliked = await page.request.delete(`/api/tools/${tool.id}/like`, { headers: origin });
    expect(await unliked.json()).toEqual({ likesTotal: before, isLiked: false });
  }
});

test("opening a tool from the browse page records one view", async ({ page }) => {
  await openApp(page, "/ai-tools?sort=Newest");
  const card = page.getByRole("article").nth(2);
  const name = (await card.getByRole("heading").textContent()) as string;
  const tool = await someTool(page, 2);
  expect(tool.name).toBe(name);
  const before = tool.views;
  await card.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  // Views are written in batches within 2 s.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/tools/${tool.id}`)).json()) as { tool: ToolCard })
          .tool.views,
      { timeout: 6000 },
    )
    .toBe(before + 1);
});
