import type { Page } from "@playwright/test";
import { toolPath } from "~/lib/paths";
import { openApp } from "./fixtures";
import { expect, signUpByApi, test, uniqueEmail } from "./support/accounts";
import { commentWith, postCommentByApi, toolAt } from "./support/comments";

// Every date on the site reads one way, in the reader's locale: a German reader sees
// "03.02.2026" on the tool page, in its comments and on the account page alike.

test.use({ locale: "de-DE", timezoneId: "Europe/Berlin" });

/** The texts of the page's dates, each next to what the reader's locale makes of its instant. */
async function datesOf(page: Page) {
  return page.locator("main time").evaluateAll((times) =>
    times.map((time) => ({
      shown: time.textContent,
      expected: new Intl.DateTimeFormat("de-DE", { dateStyle: "medium" }).format(
        new Date(time.getAttribute("datetime") ?? ""),
      ),
    })),
  );
}

const GERMAN_DATE = /^\d{2}\.\d{2}\.\d{4}$/;

test("dates on a tool page, in its comments and on the account page share the reader's format", async ({
  page,
}) => {
  await signUpByApi(page, { email: uniqueEmail("dates") });
  const tool = await toolAt(page, 21);
  await postCommentByApi(page, tool.id, { body: "Dated comment for the format check." });

  await openApp(page, toolPath(tool));
  const comment = commentWith(page, "Dated comment for the format check.");
  await expect(comment.locator("time")).toHaveText(GERMAN_DATE);
  await expect(
    page.getByText("Added", { exact: true }).locator("xpath=..").locator("time"),
  ).toHaveText(GERMAN_DATE);
  const toolDates = await datesOf(page);
  expect(toolDates.length).toBeGreaterThanOrEqual(3);
  for (const date of toolDates) expect(date.shown).toBe(date.expected);

  await openApp(page, "/account");
  const memberSince = page.locator("main time");
  await expect(memberSince.first()).toHaveText(GERMAN_DATE);
  for (const date of await datesOf(page)) expect(date.shown).toBe(date.expected);
});
