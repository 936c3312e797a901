import type { Page, Request } from "@playwright/test";
import type { AnalyticsEvent, EventBatch } from "~/lib/analytics";
import { relaxedSearchNote } from "~/lib/messages";
import { expect, openApp, test } from "./fixtures";

// Search forgives typos, and no search ends in a dead end when a near match exists.

const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search AI tools" });
const cards = (page: Page) => page.getByRole("article");
const resultsLine = (page: Page) => page.getByText(/results? for "/);

test("a misspelt query typed in the box finds the tool meant", async ({ page }) => {
  await openApp(page, "/ai-tools");
  await searchBox(page).pressSequentially("glide strem");
  await expect(page).toHaveURL(/\/ai-tools\?search=glide\+strem$/);
  await expect(resultsLine(page)).toContainText('for "glide strem"');
  await expect(cards(page).first().getByRole("heading")).toHaveText("Glide Stream");
});

test("a query with one impossible word shows the tools matching the rest, and says so", async ({
  page,
}) => {
  await openApp(page, "/ai-tools");
  await searchBox(page).pressSequentially("xqzvy video editing");
  await expect(page).toHaveURL(/search=xqzvy\+video\+editing$/);
  const note = page.getByText(relaxedSearchNote("video editing"), { exact: true });
  await expect(note).toBeVisible();
  // Heard with the results line: both are in the same polite live region.
  await expect(page.locator("[aria-live=polite]").filter({ has: note })).toContainText(
    'results for "xqzvy video editing"',
  );
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByText(/No tools found for/)).toBeHidden();
});

test("a misspelt query that finds nothing offers 'Did you mean', and following it finds tools", async ({
  page,
}) => {
  await openApp(page, "/ai-tools?pricing=Freemium");
  await searchBox(page).pressSequentially("vdeo");
  await expect(page.getByText('No tools found for "vdeo"')).toBeVisible();
  await expect(page.getByText('Did you mean "video"?')).toBeVisible();
  await page.getByRole("link", { name: "video", exact: true }).click();
  // The other filters stay.
  await expect(page).toHaveURL(/\/ai-tools\?search=video&pricing=Freemium$/);
  await expect(searchBox(page)).toHaveValue("video");
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByText(/Did you mean/)).toBeHidden();
});

test("a relaxed answer also offers the full search spelt right, reachable by keyboard", async ({
  page,
}) => {
  await openApp(page, "/ai-tools?search=vdeo+editing");
  await expect(page.getByText(relaxedSearchNote("editing"), { exact: true })).toBeVisible();
  await expect(page.getByText('Did you mean "video editing"?')).toBeVisible();
  const link = page.getByRole("link", { name: "video editing", exact: true });
  // From the search box, past its Clear and Search buttons, to the suggestion.
  await searchBox(page).focus();
  await expect(async () => {
    await page.keyboard.press("Tab");
    await expect(link).toBeFocused({ timeout: 100 });
  }).toPass({ timeout: 5_000 });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/ai-tools\?search=video\+editing$/);
  await expect(page.getByText(/No tools match all words/)).toBeHidden();
  await expect(cards(page).first()).toBeVisible();
});

test.describe("with analytics allowed", () => {
  test.use({ analyticsConsent: "granted" });

  test("a search that finds nothing is counted with 0 results, a relaxed one with what it shows", async ({
    page,
  }) => {
    const listingViews: AnalyticsEvent[] = [];
    page.on("request", (request: Request) => {
      if (request.method() !== "POST" || new URL(request.url()).pathname !== "/api/events") return;
      const batch = JSON.parse(request.postData() ?? "null") as EventBatch;
      listingViews.push(...batch.events.filter((event) => event.name === "detailed_page_view"));
    });
    const sent = (search: string) =>
      page.waitForRequest((request) => (request.postData() ?? "").includes(`"search":"${search}"`));

    let flushed = sent("qqxxzzqq");
    await openApp(page, "/ai-tools?search=qqxxzzqq");
    await expect(page.getByText('No tools found for "qqxxzzqq"')).toBeVisible();
    await flushed;
    flushed = sent("xqzvy video editing");
    await searchBox(page).fill("xqzvy video editing");
    await expect(page.getByText(relaxedSearchNote("video editing"))).toBeVisible();
    const shown = Number(
      (await resultsLine(page).innerText()).match(/^[\d,]+/)![0].replace(",", ""),
    );
    await flushed;

    expect(listingViews).toContainEqual(
      expect.objectContaining({ search: "qqxxzzqq", resultCount: 0 }),
    );
    expect(shown).toBeGreaterThan(0);
    expect(listingViews).toContainEqual(
      expect.objectContaining({ search: "xqzvy video editing", resultCount: shown }),
    );
  });
});
