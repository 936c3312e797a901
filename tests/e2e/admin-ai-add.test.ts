import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { openApp } from "./fixtures";
import { expect, signInWithGoogle, test } from "./support/accounts";

// Issue 18: AI-assisted add. An admin pastes a good address and a failing one, follows both jobs,
// reviews the good draft with its provenance, adds the tool and finds it on the browse page.

/** The loopback fixture sites Playwright starts (FIXTURE_SITES_PORT in playwright.config.ts). */
const FIXTURE_SITES = "http://127.0.0.1:3228";

const jobRow = (page: Page, address: string) =>
  page.getByRole("listitem").filter({ has: page.getByText(address, { exact: true }) });

async function expectNoAxeViolations(page: Page) {
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
}

test("an admin drafts two addresses, reviews the good draft's sources and adds the tool", async ({
  page,
}) => {
  test.slow();
  const good = `${FIXTURE_SITES}/jsonld`;
  const failing = `${FIXTURE_SITES}/status/404`;
  await signInWithGoogle(page, `boss-${test.info().project.name}@example.com`, "Boss");

  await openApp(page, "/admin/tools/ai");
  await expect(page.getByRole("heading", { name: "AI-assisted add", level: 1 })).toBeVisible();
  await expect(page.getByText(/No model is configured|Drafting with the model/)).toBeVisible();
  await expectNoAxeViolations(page);

  const box = page.getByRole("textbox", { name: "Web addresses" });
  await box.fill(`${good}\n${failing}\nnot an address`);
  await expect(page.getByText("2 addresses found.")).toBeVisible();
  await page.getByRole("button", { name: "Draft 2 tools" }).click();
  await expect(page.getByText("2 addresses are queued")).toBeVisible();
  await expect(box).toHaveValue("");

  await expect(jobRow(page, good)).toContainText("Ready", { timeout: 30_000 });
  await expect(jobRow(page, failing)).toContainText("Failed", { timeout: 30_000 });
  await expect(jobRow(page, failing)).toContainText("The site answered with an error. HTTP 404");
  // Screen readers hear what finished, in one polite line (the latest change).
  await expect(
    page.getByRole("status").filter({ hasText: /(draft ready|failed)\.$/ }),
  ).toBeAttached();
  await expectNoAxeViolations(page);

  // The list is the server's: a reload keeps both jobs.
  await openApp(page, "/admin/tools/ai");
  await expect(jobRow(page, failing)).toContainText("Failed");
  await jobRow(page, good).getByRole("link", { name: "Review draft" }).click();

  await expect(
    page.getByRole("heading", { name: "Review the draft of Brieflow", level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue("Brieflow");
  const nameSource = page.locator('[data-provenance="name"]');
  await expect(nameSource).toContainText("JSON-LD");
  await expect(nameSource.locator("q")).toContainText("Brieflow");
  await expect(page.getByRole("button", { name: "Redraft the name" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Redraft the card description" }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: /The card description is redrafted|Nothing better/ }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Add tool" }).click();
  await expect(page.getByText('"Brieflow" is added.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/tools\/manual\/[^/]+$/);

  await openApp(page, "/ai-tools?search=Brieflow");
  await expect(page.getByRole("link", { name: /Brieflow/ }).first()).toBeVisible();

  await openApp(page, "/admin/tools/ai");
  await expect(jobRow(page, good)).toContainText("Saved: Brieflow");

  // The same site again is a duplicate before any fetch, with a link to the tool.
  await page.getByRole("textbox", { name: "Web addresses" }).fill(good);
  await page.getByRole("button", { name: "Draft 1 tool" }).click();
  const again = jobRow(page, good).filter({ hasText: "already in the catalogue" });
  await expect(again).toBeVisible({ timeout: 30_000 });
  await expect(again.getByRole("link", { name: "Brieflow", exact: true })).toBeVisible();
  await expect(again.getByRole("button", { name: "Draft anyway" })).toBeVisible();
});

test("on a phone: an address file is read into the box, both pages fit the screen, and removing a ready draft asks first", async ({
  page,
}) => {
  test.slow();
  const challenge = `${FIXTURE_SITES}/challenge`;
  const metaOnly = `${FIXTURE_SITES}/meta-only`;
  await signInWithGoogle(page, `boss-${test.info().project.name}@example.com`, "Boss");
  await page.setViewportSize({ width: 390, height: 844 });
  await openApp(page, "/admin/tools/ai");
  // An address file is read in the browser into the box.
  await page.getByLabel("Address file").setInputFiles({
    name: "addresses.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`url\n${challenge}\n${metaOnly}\n`),
  });
  await expect(page.getByRole("textbox", { name: "Web addresses" })).toHaveValue(
    new RegExp(`${challenge}\\n${metaOnly}`),
  );
  await page.getByRole("button", { name: "Draft 2 tools" }).click();
  await expect(jobRow(page, challenge)).toContainText("bot check", { timeout: 30_000 });
  await expect(jobRow(page, metaOnly)).toContainText("Ready", { timeout: 30_000 });
  await expectFitsScreen(page);
  await page.screenshot({ path: test.info().outputPath("ai-add-phone.png"), fullPage: true });

  await jobRow(page, metaOnly).getByRole("link", { name: "Review draft" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Review the draft of");
  await expectFitsScreen(page);
  await page.screenshot({ path: test.info().outputPath("ai-draft-phone.png"), fullPage: true });

  await page.getByRole("link", { name: "Back to AI-assisted add" }).click();
  await jobRow(page, metaOnly).getByRole("button", { name: "Remove" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove this draft?" });
  await dialog.getByRole("button", { name: "Remove draft" }).click();
  await expect(page.getByText(metaOnly, { exact: true })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Drafts" })).toBeFocused();
});

async function expectFitsScreen(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
}
