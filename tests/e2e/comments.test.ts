import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { toolPath } from "~/lib/paths";
import { openApp } from "./fixtures";
import { expect, signUpByApi, test, uniqueEmail } from "./support/accounts";
import {
  anotherBrowser,
  commentList,
  commentsOf,
  commentWith,
  postCommentByApi,
  toolAt,
} from "./support/comments";

// Comments and ratings on the tool page, as a person uses them.

/** The ratings block and the comments section, for screenshots. */
const ratingsAndComments = (page: Page) =>
  page.getByRole("region", { name: "Ratings" }).locator("xpath=..");

const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2, 10)}`;

test("a verified person comments with a rating, and the average and histogram follow", async ({
  page,
}) => {
  await signUpByApi(page, { email: uniqueEmail("rater") });
  const tool = await toolAt(page, 40);
  const before = (await commentsOf(page, tool.id)).rating;
  await openApp(page, toolPath(tool));
  const ratings = page.getByRole("region", { name: "Ratings" });
  await expect(ratings.getByRole("list", { name: "Ratings by stars" })).toContainText(
    `4 stars: ${before.histogram[3]} rating`,
  );

  const text = unique("Saved me hours of work every week");
  const box = page.getByLabel("Your comment");
  await box.fill(text);
  await expect(page.getByText(`${text.length} / 5,000 characters`)).toBeVisible();
  // The stars are a radio group: arrow keys choose, and the choice can be taken back.
  await page.getByRole("radio", { name: "1 star", exact: true }).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: "2 stars" })).toBeChecked();
  await page.getByRole("button", { name: "Clear rating" }).click();
  await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
  await page.getByRole("radio", { name: "3 stars" }).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: "4 stars" })).toBeChecked();
  await page.getByRole("button", { name: "Post comment" }).click();

  const posted = commentWith(page, text);
  await expect(posted).toBeVisible();
  await expect(posted.getByRole("img", { name: "Rated 4.0 out of 5" })).toBeVisible();
  await expect(box).toHaveValue("");
  const count = before.ratingCount + 1;
  const average = (before.ratingAvg * before.ratingCount + 4) / count;
  await expect(ratings.getByTestId("rating-count")).toHaveText(
    `${count} rating${count === 1 ? "" : "s"}`,
  );
  await expect(ratings.getByTestId("rating-average")).toContainText(average.toFixed(1));
  // The tool's facts beside the description show the same new average.
  await expect(page.locator("dt", { hasText: /^Rating$/ }).locator("+ dd")).toHaveText(
    `${average.toFixed(1)} / 5`,
  );
  const fours = before.histogram[3] + 1;
  await expect(ratings).toContainText(
    `4 stars: ${fours} rating${fours === 1 ? "" : "s"} (${Math.round((fours / count) * 100)}%)`,
  );
});

test("the person changes their rating at any time, and the histogram moves it", async ({
  page,
}) => {
  await signUpByApi(page, { email: uniqueEmail("rerater") });
  const tool = await toolAt(page, 41);
  await postCommentByApi(page, tool.id, { body: unique("Decent, a bit slow"), rating: 3 });
  const before = (await commentsOf(page, tool.id)).rating;
  await openApp(page, toolPath(tool));
  const mine = page.getByRole("group", { name: "Your rating", exact: true });
  await expect(mine.getByRole("radio", { name: "3 stars" })).toBeChecked();

  await mine.getByRole("radio", { name: "5 stars" }).check();
  await expect(page.getByText("Your rating was saved.")).toBeVisible();
  const ratings = page.getByRole("region", { name: "Ratings" });
  await expect(ratings).toContainText(`5 stars: ${before.histogram[4] + 1} rating`);
  await expect(ratings).toContainText(`3 stars: ${before.histogram[2] - 1} rating`);
  await expect(ratings.getByTestId("rating-count")).toContainText(String(before.ratingCount));
  const after = (await commentsOf(page, tool.id)).viewerRating;
  expect(after?.rating).toBe(5);
});

test("the text is checked as it is typed and refused beside the field", async ({ page }) => {
  await signUpByApi(page, { email: uniqueEmail("short") });
  const tool = await toolAt(page, 42);
  await openApp(page, toolPath(tool));
  await page.getByLabel("Your comment").fill("x");
  await expect(page.getByText("1 / 5,000 characters")).toBeVisible();
  await page.getByRole("button", { name: "Post comment" }).click();
  await expect(page.getByLabel("Your comment")).toHaveAccessibleDescription(
    /Use at least 2 characters\./,
  );
  await expect(page.getByLabel("Your comment")).toBeFocused();
  // The honeypot is there for bots only: out of sight, out of the tab order, not autofilled.
  const honeypot = page.locator('input[name="website"]');
  await expect(honeypot).toHaveAttribute("tabindex", "-1");
  await expect(honeypot).toHaveAttribute("autocomplete", "off");
  await expect(page.getByRole("textbox", { name: "Website" })).toHaveCount(0);
  await page.getByLabel("Your comment").fill("x".repeat(5001));
  await expect(page.getByText("5,001 / 5,000 characters")).toBeVisible();
});

test("the author edits a new comment, which is then marked edited", async ({ page }) => {
  await signUpByApi(page, { email: uniqueEmail("editor") });
  const tool = await toolAt(page, 43);
  const text = unique("First thoughts");
  await postCommentByApi(page, tool.id, { body: text });
  await openApp(page, toolPath(tool));
  const comment = commentWith(page, text);
  await comment.getByRole("button", { name: "Edit your comment" }).click();
  const edited = unique("Second thoughts");
  await page.getByLabel("Edit your comment").fill(edited);
  await page.getByRole("button", { name: "Save changes" }).click();
  const changed = commentWith(page, edited);
  await expect(changed).toContainText("(edited)");
  await expect(changed).toBeFocused();
  await expect(commentList(page)).not.toContainText(text);
});

test("a reply nests under its comment and carries no rating", async ({ page, browser }) => {
  const authorEmail = uniqueEmail("asker");
  await signUpByApi(page, { email: authorEmail });
  const tool = await toolAt(page, 44);
  const question = unique("Does it export to CSV?");
  await postCommentByApi(page, tool.id, { body: question, rating: 4 });

  const other = await anotherBrowser(browser);
  await signUpByApi(other.page, { email: uniqueEmail("answerer") });
  await openApp(other.page, toolPath(tool));
  const thread = commentWith(other.page, question);
  await thread.getByRole("button", { name: /^Reply/ }).click();
  const replyBox = other.page.getByLabel(/^Reply to/);
  await expect(replyBox).toBeFocused();
  await expect(thread.getByRole("group", { name: /rating/i })).toHaveCount(0);
  const answer = unique("Yes, from the settings page");
  await replyBox.fill(answer);
  await other.page.getByRole("button", { name: "Post reply" }).click();
  const replies = thread.getByRole("list", { name: /^Replies to/ });
  await expect(replies.getByRole("article").filter({ hasText: answer })).toBeVisible();
  // Replies have no reply button of their own: one level only.
  await expect(replies.getByRole("button", { name: /^Reply/ })).toHaveCount(0);
  await other.context.close();
});

test("delete asks first; a comment with replies leaves a placeholder", async ({ page }) => {
  await signUpByApi(page, { email: uniqueEmail("deleter") });
  const tool = await toolAt(page, 45);
  const lone = unique("A comment to take back");
  const parent = unique("A comment someone answered");
  await postCommentByApi(page, tool.id, { body: lone });
  const saved = await postCommentByApi(page, tool.id, { body: parent });
  const reply = unique("An answer that stays");
  await postCommentByApi(page, tool.id, { body: reply, parentId: saved.comment.id });
  await openApp(page, toolPath(tool));

  await commentWith(page, lone).getByRole("button", { name: "Delete your comment" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this comment?" });
  await dialog.getByRole("button", { name: "Keep it" }).click();
  await expect(commentWith(page, lone)).toBeVisible();
  await commentWith(page, lone).getByRole("button", { name: "Delete your comment" }).click();
  await dialog.getByRole("button", { name: "Delete comment" }).click();
  await expect(commentList(page)).not.toContainText(lone);
  await expect(page.getByRole("heading", { name: /^Comments/ })).toBeFocused();

  await commentWith(page, parent)
    .getByRole("button", { name: "Delete your comment" })
    .first()
    .click();
  await dialog.getByRole("button", { name: "Delete comment" }).click();
  await expect(commentWith(page, reply)).toContainText("This comment was deleted.");
  await expect(commentWith(page, reply)).toContainText(reply);
  await expect(commentList(page)).not.toContainText(parent);
});

test("a comment is reported once, with an optional reason", async ({ page, browser }) => {
  await signUpByApi(page, { email: uniqueEmail("reported") });
  const tool = await toolAt(page, 46);
  const text = unique("Buy followers cheap");
  await postCommentByApi(page, tool.id, { body: text });

  const other = await anotherBrowser(browser);
  await signUpByApi(other.page, { email: uniqueEmail("reporter") });
  await openApp(other.page, toolPath(tool));
  const comment = commentWith(other.page, text);
  await comment.getByRole("button", { name: /^Report/ }).click();
  const dialog = other.page.getByRole("dialog", { name: "Report this comment" });
  await dialog.getByLabel("Reason (optional)").fill("Spam");
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(comment.getByText("Reported", { exact: true })).toBeVisible();
  await expect(comment).toBeFocused();
  await expect(comment.getByRole("button", { name: /^Report/ })).toHaveCount(0);
  // Read again, the page still knows it was reported.
  await other.page.reload();
  await expect(commentWith(other.page, text).getByText("Reported", { exact: true })).toBeVisible();
  await other.context.close();
});

test("a second browser sees a new comment and its rating live", async ({ page, browser }) => {
  await signUpByApi(page, { email: uniqueEmail("live") });
  const tool = await toolAt(page, 47);
  const before = (await commentsOf(page, tool.id)).rating;
  const visitor = await anotherBrowser(browser);
  await openApp(visitor.page, toolPath(tool));
  await openApp(page, toolPath(tool));

  const text = unique("Live from the other tab");
  await page.getByLabel("Your comment").fill(text);
  await page.getByRole("radio", { name: "2 stars" }).check();
  await page.getByRole("button", { name: "Post comment" }).click();
  await expect(commentWith(page, text)).toBeVisible();

  await expect(commentWith(visitor.page, text)).toBeVisible();
  const count = before.ratingCount + 1;
  await expect(
    visitor.page.getByRole("region", { name: "Ratings" }).getByTestId("rating-count"),
  ).toHaveText(`${count} rating${count === 1 ? "" : "s"}`);
  await visitor.context.close();
});

test("sorting by rating orders the comments by their stars", async ({ page, browser }) => {
  await signUpByApi(page, { email: uniqueEmail("sorter-low") });
  const tool = await toolAt(page, 48);
  await postCommentByApi(page, tool.id, { body: unique("Not for me"), rating: 1 });
  const other = await anotherBrowser(browser);
  await signUpByApi(other.page, { email: uniqueEmail("sorter-high") });
  await postCommentByApi(other.page, tool.id, { body: unique("Brilliant"), rating: 5 });
  await other.context.close();
  await openApp(page, toolPath(tool));

  const starsShown = async () => {
    const labels = await commentList(page)
      .locator(":scope > li > article > header")
      .getByRole("img")
      .evaluateAll((images) => images.map((image) => image.getAttribute("aria-label") ?? ""));
    return labels.map((label) => Number(/Rated (\d)/.exec(label)?.[1]));
  };
  const sort = page.getByLabel("Sort by");
  const sortedBy = async (label: string, order: (a: number, b: number) => number) => {
    const answered = page.waitForResponse((response) =>
      /\/comments\?sort=(highest|lowest)/.test(response.url()),
    );
    await sort.selectOption({ label });
    await answered;
    await expect
      .poll(async () => {
        const stars = await starsShown();
        return stars.join() === [...stars].sort(order).join() ? stars[0] : null;
      })
      .not.toBeNull();
    return starsShown();
  };
  expect((await sortedBy("Highest rated", (a, b) => b - a))[0]).toBe(5);
  expect((await sortedBy("Lowest rated", (a, b) => a - b))[0]).toBe(1);
});

test("Show more comments adds the next page under the first", async ({ page, browser }) => {
  test.slow();
  const tool = await toolAt(page, 53);
  // 24 new comments (three people, within the per-person burst) make at least two pages of 20.
  for (let person = 0; person < 3; person++) {
    const writer = await anotherBrowser(browser);
    await signUpByApi(writer.page, { email: uniqueEmail(`pager-${person}`) });
    for (let n = 0; n < 8; n++) {
      await postCommentByApi(writer.page, tool.id, { body: unique(`Filler ${person}.${n}`) });
    }
    await writer.context.close();
  }
  const { totalThreads } = await commentsOf(page, tool.id);
  await openApp(page, toolPath(tool));
  const threads = commentList(page).locator(":scope > li");
  await expect(threads).toHaveCount(20);
  await page.getByRole("button", { name: "Show more comments" }).click();
  await expect(threads).toHaveCount(Math.min(40, totalThreads));
  await expect(threads.nth(20).getByRole("article").first()).toBeFocused();
});

// The unverified reader (a session from before decision 022) is rendered in
// tests/unit/unverified-viewer.test.tsx, and refused by the server in
// tests/integration/unverified-session.test.ts.
test("signed out, the page asks to sign in", async ({ page }) => {
  const tool = await toolAt(page, 49);
  await openApp(page, toolPath(tool));
  await expect(page.getByLabel("Your comment")).toHaveCount(0);
  await page.getByRole("button", { name: "Sign in to comment" }).click();
  await expect(page.getByRole("dialog", { name: /sign in/i })).toBeVisible();
});

test("a session that ended elsewhere asks to sign in again and keeps the text", async ({
  page,
}) => {
  await signUpByApi(page, { email: uniqueEmail("ended") });
  const tool = await toolAt(page, 54);
  await openApp(page, toolPath(tool));
  await page.context().clearCookies();
  const text = unique("Written before the session ended");
  await page.getByLabel("Your comment").fill(text);
  await page.getByRole("button", { name: "Post comment" }).click();
  await expect(page.getByRole("dialog", { name: /sign in/i })).toBeVisible();
  await expect(page.getByLabel("Your comment")).toHaveValue(text);
});

test("the first page of comments is in the page without scripts", async ({ page, browser }) => {
  await signUpByApi(page, { email: uniqueEmail("server-render") });
  const tool = await toolAt(page, 50);
  const text = unique("Readable without JavaScript");
  await postCommentByApi(page, tool.id, { body: text, rating: 5 });
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: test.info().project.use.extraHTTPHeaders,
    javaScriptEnabled: false,
  });
  const noScript = await context.newPage();
  await noScript.goto(toolPath(tool));
  await expect(commentWith(noScript, text)).toBeVisible();
  await expect(noScript.getByRole("region", { name: "Ratings" })).toBeVisible();
  await context.close();
});

test.describe("axe and the phone layout", () => {
  test.slow();
  test("axe reports no violations on a tool page with comments", async ({ page }) => {
    await signUpByApi(page, { email: uniqueEmail("axe-comments") });
    const tool = await toolAt(page, 51);
    const saved = await postCommentByApi(page, tool.id, {
      body: unique("Works well with **Markdown** and [links](https://example.com)"),
      rating: 4,
    });
    await postCommentByApi(page, tool.id, {
      body: unique("Thanks"),
      parentId: saved.comment.id,
    });
    await openApp(page, toolPath(tool));
    await expect(commentList(page)).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await ratingsAndComments(page).screenshot({
      path: test.info().outputPath("tool-comments-desktop.png"),
    });
  });

  test("the comments fit a phone screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpByApi(page, { email: uniqueEmail("phone") });
    const tool = await toolAt(page, 52);
    await postCommentByApi(page, tool.id, {
      body: unique("A long comment that should wrap nicely on a small screen without overflowing"),
      rating: 3,
    });
    await openApp(page, toolPath(tool));
    const section = page.getByRole("region", { name: "Ratings" });
    await section.scrollIntoViewIfNeeded();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await ratingsAndComments(page).screenshot({
      path: test.info().outputPath("tool-comments-phone.png"),
    });
  });
});
