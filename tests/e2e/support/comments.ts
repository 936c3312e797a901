import { createHash } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import type { CommentPage, SavedComment } from "~/lib/api/contract";
import type { ToolCard } from "~/lib/tool";
import { expect, PASSWORD, signInByApi, test } from "./accounts";

// Helpers of the comments and moderation tests. Each test comments on a tool of its
// own (by its place in the newest-first list), so the counts it expects are its own.

export async function toolAt(page: Page, offset: number): Promise<ToolCard> {
  const response = await page.request.get(`/api/tools?sort=Newest&offset=${offset}&limit=1`);
  const tool = ((await response.json()) as { tools: ToolCard[] }).tools[0];
  if (!tool) throw new Error(`The demo catalogue has no tool at ${offset}`);
  return tool;
}

export async function commentsOf(page: Page, toolId: string, query = ""): Promise<CommentPage> {
  const response = await page.request.get(`/api/tools/${toolId}/comments${query}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as CommentPage;
}

/** Posts a comment through the API as the page's signed-in person. */
export async function postCommentByApi(
  page: Page,
  toolId: string,
  comment: { body: string; rating?: number; parentId?: number },
): Promise<SavedComment> {
  const response = await page.request.post(`/api/tools/${toolId}/comments`, {
    data: comment,
    headers: { origin: test.info().project.use.baseURL ?? "" },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as SavedComment;
}

let browsers = 0;

/**
 * Another browser, from a client address of its own (so sign-ups in it meet their own rate
 * limits), of the same person when `email` is given, else of a visitor.
 */
export async function anotherBrowser(browser: Browser, email?: string) {
  const digest = createHash("sha256").update(`${test.info().testId}:${browsers++}`).digest();
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { "x-forwarded-for": `10.${digest[0]}.${digest[1]}.${digest[2]}` },
  });
  const page = await context.newPage();
  if (email) await signInByApi(page, email, PASSWORD);
  return { context, page };
}

/** The tool page's list of comments, and one comment in it by a text it contains. */
export function commentList(page: Page) {
  return page.getByRole("list", { name: "Comments", exact: true });
}

export function commentWith(page: Page, text: string) {
  return commentList(page).getByRole("article").filter({ hasText: text }).first();
}
