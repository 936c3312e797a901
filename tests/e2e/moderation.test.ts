import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { toolPath } from "~/lib/paths";
import { openApp } from "./fixtures";
import { expect, signInWithGoogle, signUpByApi, test, uniqueEmail } from "./support/accounts";
import {
  anotherBrowser,
  commentList,
  commentWith,
  postCommentByApi,
  toolAt,
} from "./support/comments";

// The admin's moderation queue at /admin/comments.

const adminEmail = () => `boss-${test.info().project.name}@example.com`;
const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2, 10)}`;

function queueItem(page: Page, text: string) {
  return page
    .getByRole("list", { name: "Comments to moderate" })
    .getByRole("article")
    .filter({ hasText: text });
}

async function reportByApi(page: Page, commentId: number, reason: string) {
  const response = await page.request.post(`/api/comments/${commentId}/report`, {
    data: { reason },
    headers: { origin: test.info().project.use.baseURL ?? "" },
  });
  expect(response.ok()).toBe(true);
}

test("a new account's comment with many links is held until an admin approves it", async ({
  page,
  browser,
}) => {
  const author = await anotherBrowser(browser);
  await signUpByApi(author.page, { email: uniqueEmail("linker") });
  const tool = await toolAt(author.page, 60);
  const text = unique("Compare it with these");
  const links = "[one](https://a.example), [two](https://b.example), [three](https://c.example)";
  const saved = await postCommentByApi(author.page, tool.id, { body: `${text}: ${links}` });
  expect(saved.comment.state).toBe("held");
  await openApp(author.page, toolPath(tool));
  await expect(commentWith(author.page, text)).toContainText("Awaiting review");
  const visitor = await anotherBrowser(browser);
  await openApp(visitor.page, toolPath(tool));
  await expect(visitor.page.getByText(text)).toHaveCount(0);

  await signInWithGoogle(page, adminEmail(), "Boss");
  await openApp(page, "/admin/comments?filter=held");
  await expect(page.getByRole("link", { name: "Held" })).toHaveAttribute("aria-current", "page");
  const item = queueItem(page, text);
  await expect(item).toContainText(tool.name);
  await expect(item).toContainText("@example.com");
  await item.getByRole("button", { name: /^Approve/ }).click();
  await expect(item).toContainText("Status: Visible");
  await expect(item).toBeFocused();

  // A visitor's page may come from the render cache, which renders it again within seconds.
  await expect(async () => {
    await visitor.page.reload();
    await expect(commentWith(visitor.page, text)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await author.context.close();
  await visitor.context.close();
});

test("an admin hides a reported comment and restores it", async ({ page, browser }) => {
  const author = await anotherBrowser(browser);
  await signUpByApi(author.page, { email: uniqueEmail("rude") });
  const tool = await toolAt(author.page, 61);
  const text = unique("This tool is garbage and so are you");
  const saved = await postCommentByApi(author.page, tool.id, { body: text });
  const reporter = await anotherBrowser(browser);
  await signUpByApi(reporter.page, { email: uniqueEmail("offended") });
  await reportByApi(reporter.page, saved.comment.id, "Insulting");

  await signInWithGoogle(page, adminEmail(), "Boss");
  await openApp(page, "/admin/comments?filter=reported");
  const item = queueItem(page, text);
  // The reporter's account is minutes old: the report queues the comment but cannot hide it.
  await expect(item).toContainText("1 report (0 from established accounts)");
  await expect(item).toContainText("Status: Visible");
  await expect(item).toContainText("Insulting");
  await item.getByRole("button", { name: /^Hide/ }).click();
  await expect(item).toContainText("Status: Hidden");
  await expect(page.getByRole("status").filter({ hasText: "Comment hidden." })).toBeAttached();

  await openApp(reporter.page, toolPath(tool));
  await expect(
    commentList(reporter.page).or(reporter.page.getByText("No comments yet")),
  ).toBeVisible();
  await expect(reporter.page.getByText(text)).toHaveCount(0);

  await item.getByRole("button", { name: /^Restore/ }).click();
  await expect(item).toContainText("Status: Visible");
  await reporter.page.reload();
  await expect(commentWith(reporter.page, text)).toBeVisible();
  await author.context.close();
  await reporter.context.close();
});

test("an admin deletes a comment after confirming", async ({ page, browser }) => {
  const author = await anotherBrowser(browser);
  await signUpByApi(author.page, { email: uniqueEmail("spammer") });
  const tool = await toolAt(author.page, 62);
  const text = unique("Cheap pills here");
  const saved = await postCommentByApi(author.page, tool.id, { body: text });
  const reporter = await anotherBrowser(browser);
  await signUpByApi(reporter.page, { email: uniqueEmail("cleaner") });
  await reportByApi(reporter.page, saved.comment.id, "Spam");

  await signInWithGoogle(page, adminEmail(), "Boss");
  await openApp(page, "/admin/comments?filter=review");
  const item = queueItem(page, text);
  await item.getByRole("button", { name: /^Delete/ }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this comment?" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(item).toContainText("Status: Visible");
  await item.getByRole("button", { name: /^Delete/ }).click();
  await dialog.getByRole("button", { name: "Delete comment" }).click();
  await expect(item).toContainText("Status: Deleted");
  await author.context.close();
  await reporter.context.close();
});

test("an admin locks a tool's comments, and the tool page says they are closed", async ({
  page,
  browser,
}) => {
  const author = await anotherBrowser(browser);
  await signUpByApi(author.page, { email: uniqueEmail("locked-out") });
  const tool = await toolAt(author.page, 63);
  const text = unique("Flame war starts here");
  const saved = await postCommentByApi(author.page, tool.id, { body: text });
  const reporter = await anotherBrowser(browser);
  await signUpByApi(reporter.page, { email: uniqueEmail("peacekeeper") });
  await reportByApi(reporter.page, saved.comment.id, "Heated");

  await signInWithGoogle(page, adminEmail(), "Boss");
  await openApp(page, "/admin/comments?filter=reported");
  const item = queueItem(page, text);
  await item.getByRole("button", { name: `Lock comments on ${tool.name}` }).click();
  await expect(item.getByRole("button", { name: `Unlock comments on ${tool.name}` })).toBeVisible();
  await expect(item).toContainText("Comments locked");

  await openApp(author.page, toolPath(tool));
  await expect(author.page.getByText("Comments are closed for this tool.")).toBeVisible();
  await expect(author.page.getByLabel("Your comment")).toHaveCount(0);
  // The server refuses edits on a locked tool but lets the author delete their own.
  const own = commentWith(author.page, text);
  await expect(own.getByRole("button", { name: "Edit your comment" })).toHaveCount(0);
  await expect(own.getByRole("button", { name: "Delete your comment" })).toBeVisible();

  await item.getByRole("button", { name: `Unlock comments on ${tool.name}` }).click();
  await expect(item.getByRole("button", { name: `Lock comments on ${tool.name}` })).toBeVisible();
  await author.page.reload();
  await expect(author.page.getByLabel("Your comment")).toBeVisible();
  await author.context.close();
  await reporter.context.close();
});

test.describe("axe and the phone layout", () => {
  test.slow();
  test("axe reports no violations on /admin/comments", async ({ page }) => {
    await signInWithGoogle(page, adminEmail(), "Boss");
    await openApp(page, "/admin/comments?filter=all");
    await expect(page.getByRole("heading", { name: "Comments", level: 1 })).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.screenshot({
      path: test.info().outputPath("moderation-desktop.png"),
    });
  });

  test("the queue fits a phone screen", async ({ page }) => {
    await signInWithGoogle(page, adminEmail(), "Boss");
    await page.setViewportSize({ width: 390, height: 844 });
    await openApp(page, "/admin/comments?filter=all");
    await expect(page.getByRole("heading", { name: "Comments", level: 1 })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath("moderation-phone.png") });
  });
});
