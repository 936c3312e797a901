import type { Page } from "@playwright/test";
import { toolPath } from "~/lib/paths";
import { formatCount, type ToolCard } from "~/lib/tool";
import { openApp } from "./fixtures";
import { expect, signUpByApi, test, uniqueEmail } from "./support/accounts";

// The heart answers the click at once; the server's answer comes later (up to seconds under
// load), and a refusal puts the heart and the count back.

async function someTool(page: Page, offset: number): Promise<ToolCard> {
  const response = await page.request.get(`/api/tools?sort=Newest&offset=${offset}&limit=1`);
  return ((await response.json()) as { tools: ToolCard[] }).tools[0]!;
}

function likeButton(page: Page, tool: ToolCard) {
  return page.getByRole("button", { name: new RegExp(`^(Like|Unlike) ${tool.name},`) }).first();
}

function likesLabel(count: number) {
  return `${formatCount(count)} ${count === 1 ? "like" : "likes"}`;
}

/** Holds every like request at the network until `release` is called. */
async function holdLikes(page: Page, answer: "continue" | "refuse") {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/tools/*/like", async (route) => {
    await released;
    if (answer === "continue") await route.continue();
    else await route.fulfill({ status: 500, contentType: "application/json", body: "{}" });
  });
  return release;
}

test("the heart shows pressed and the new count within 100 ms while the server's answer is held", async ({
  page,
}) => {
  await signUpByApi(page, { email: uniqueEmail("optimistic") });
  const tool = await someTool(page, 11);
  const release = await holdLikes(page, "continue");
  await openApp(page, toolPath(tool));
  const button = likeButton(page, tool);
  await expect(button).toHaveAttribute("aria-pressed", "false");
  const before = tool.likesTotal;

  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true", { timeout: 100 });
  await expect(button).toHaveAccessibleName(`Unlike ${tool.name}, ${likesLabel(before + 1)}`, {
    timeout: 100,
  });
  await expect(button).toHaveAttribute("aria-busy", "true");

  release();
  await expect(page.getByText("Added to favorites!")).toBeVisible();
  await expect(button).toHaveAttribute("aria-pressed", "true");
  await expect(button).not.toHaveAttribute("aria-busy", "true");
  await expect(button).toHaveAccessibleName(`Unlike ${tool.name}, ${likesLabel(before + 1)}`);
});

test("a refused like shows pressed at once, then reverts and shows the inline error and the toast", async ({
  page,
  consoleProblems,
}) => {
  await signUpByApi(page, { email: uniqueEmail("optimistic-refused") });
  const tool = await someTool(page, 12);
  const release = await holdLikes(page, "refuse");
  await openApp(page, toolPath(tool));
  const button = likeButton(page, tool);
  const before = tool.likesTotal;

  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true", { timeout: 100 });
  release();

  await expect(
    page.getByRole("alert").filter({ hasText: "Failed to update. Please try again." }),
  ).toBeVisible();
  await expect(page.getByText("Failed to update like status")).toBeVisible();
  await expect(button).toHaveAttribute("aria-pressed", "false");
  await expect(button).toHaveAccessibleName(`Like ${tool.name}, ${likesLabel(before)}`);
  // The browser reports the refused request; that is the failure this test causes.
  expect(consoleProblems).toEqual([expect.stringMatching(/status of 500/)]);
  consoleProblems.length = 0;
});
