import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { openApp } from "./fixtures";
import { expect, signInWithGoogle, test } from "./support/accounts";

// AI-assisted add. An admin pastes a good address and a failing one, follows both jobs,
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
  await page.getByRole("button", { name: "Draft 2 tools" }).press("Enter");
  await expect(page.getByText("2 addresses are queued")).toBeVisible();
  // The line that is not an address was named before sending, and stays in the box to be fixed.
  await expect(box).toHaveValue("not an address");
  // The button is disabled once the box is empty: the focus goes on to the list, not the page.
  await expect(page.getByRole("heading", { name: "Drafts" })).toBeFocused();

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
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Brieflow");
  const nameSource = page.locator('[data-provenance="name"]');
  await expect(nameSource).toContainText("JSON-LD");
  await expect(nameSource.locator("q")).toContainText("Brieflow");
  await expect(page.getByRole("button", { name: "Redraft the name" })).toBeVisible();
  await expectNoAxeViolations(page);

  const redraft = page.getByRole("button", { name: "Redraft the card description" });
  await redraft.focus();
  await redraft.press("Enter");
  await expect(redraft).toBeFocused();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: /The card description is redrafted|Nothing better/ }),
  ).toHaveCount(1);
  await expect(redraft).toHaveText("Redraft");
  await expect(redraft).toBeFocused();
  await page.getByRole("button", { name: "Add tool" }).click();
  await expect(page.getByText('"Brieflow" is added.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/tools\/manual\/[^/]+$/);

  await openApp(page, "/ai-tools?search=Brieflow");
  await expect(page.getByRole("link", { name: /Brieflow/ }).first()).toBeVisible();

  await openApp(page, "/admin/tools?search=Brieflow");
  await expect(
    page.getByRole("row").filter({ hasText: "Brieflow" }).getByText("AI-drafted"),
  ).toBeVisible();

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

test("a vendor's drafted buyer facts and plans show with their quotes and pages, and are saved with the tool", async ({
  page,
}) => {
  test.slow();
  const vendor = `${FIXTURE_SITES}/vendor`;
  const soc2Quote = "Quotamind has a SOC 2 Type II report, renewed every year.";
  await signInWithGoogle(page, `boss-${test.info().project.name}@example.com`, "Boss");
  await openApp(page, "/admin/tools/ai");
  await page.getByRole("textbox", { name: "Web addresses" }).fill(vendor);
  await page.getByRole("button", { name: "Draft 1 tool" }).click();
  await expect(jobRow(page, vendor)).toContainText("Ready", { timeout: 30_000 });
  await jobRow(page, vendor).getByRole("link", { name: "Review draft" }).click();

  const drafted = page.getByRole("region", { name: "Drafted buyer facts and plans" });
  const soc2 = drafted.locator('[data-drafted-fact="soc2"]');
  await expect(soc2).toContainText("SOC 2 report: Type II");
  await expect(soc2.locator("q")).toContainText(soc2Quote);
  await expect(soc2.getByRole("link", { name: /Evidence page for SOC 2 report/ })).toHaveAttribute(
    "href",
    `${vendor}/security`,
  );
  // What no page states stays unknown: no HIPAA, no SCIM.
  await expect(drafted.locator('[data-drafted-fact="hipaa"]')).toHaveCount(0);
  await expect(drafted.locator('[data-drafted-fact="scim"]')).toHaveCount(0);
  await expect(drafted.locator('[data-drafted-plan="Pro"]')).toContainText(
    "$19 per user/month (Billed annually)",
  );
  await expect(drafted).toContainText("Skipped 127.0.0.1:3228/vendor/privacy");
  const soc2Quoted = page
    .locator('[data-fact="soc2"]')
    .getByRole("textbox", { name: "Quote from the evidence" });
  await expect(soc2Quoted).toHaveValue(soc2Quote);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Add tool" }).click();
  await expect(page.getByText('"Quotamind" is added.')).toBeVisible();
  // The saved tool's editor holds the fact with its quote and page.
  await expect(soc2Quoted).toHaveValue(soc2Quote);
  await expect(
    page.locator('[data-fact="soc2"]').getByRole("textbox", { name: "Evidence URL" }),
  ).toHaveValue(`${vendor}/security`);
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
  // The Enter that opens the dialog (or its key repeat) lands on the way out, not on Remove draft.
  await jobRow(page, metaOnly).getByRole("button", { name: "Remove" }).press("Enter");
  const dialog = page.getByRole("dialog", { name: "Remove this draft?" });
  await expect(dialog.getByRole("button", { name: "Keep it" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(jobRow(page, metaOnly)).toContainText("Ready");
  await jobRow(page, metaOnly).getByRole("button", { name: "Remove" }).click();
  await dialog.getByRole("button", { name: "Remove draft" }).click();
  await expect(page.getByText(metaOnly, { exact: true })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Drafts" })).toBeFocused();
});

test("a binary address file is refused, a second tab sees new jobs, and Cancel leaves the focus on its job", async ({
  page,
}) => {
  test.slow();
  const slow = `${FIXTURE_SITES}/slow`;
  const failing = `${FIXTURE_SITES}/status/500`;
  await signInWithGoogle(page, `boss-${test.info().project.name}@example.com`, "Boss");
  await openApp(page, "/admin/tools/ai");
  const box = page.getByRole("textbox", { name: "Web addresses" });

  // A picture is not read as addresses, whether its type or its bytes give it away.
  for (const file of [
    { name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from("<svg></svg>") },
    {
      name: "list.txt",
      mimeType: "text/plain",
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff, 0xfe]),
    },
  ]) {
    await page.getByLabel("Address file").setInputFiles(file);
    await expect(page.getByRole("alert")).toHaveText("This file is not a text or CSV file.");
    await expect(box).toHaveValue("");
  }

  // Another tab, idle, shows the new jobs once it gains focus again.
  const other = await page.context().newPage();
  await openApp(other, "/admin/tools/ai");
  await box.fill(`${slow}\n${failing}`);
  await page.getByRole("button", { name: "Draft 2 tools" }).click();
  await expect(page.getByText("2 addresses are queued: follow them below.")).toHaveCount(1);
  await other.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(jobRow(other, slow)).toBeVisible({ timeout: 5_000 });
  await other.close();

  const cancel = jobRow(page, slow).getByRole("button", { name: "Cancel" });
  await cancel.press("Enter");
  await expect(jobRow(page, slow)).toContainText("Cancelled", { timeout: 30_000 });
  await expect(jobRow(page, slow).getByText(slow, { exact: true })).toBeFocused();

  // A failed job's page ends the failure's sentence before saying what to do.
  await expect(jobRow(page, failing)).toContainText("Failed", { timeout: 30_000 });
  const rowId = await jobRow(page, failing).locator('p[id^="draft-job-"]').getAttribute("id");
  await openApp(page, `/admin/tools/ai/${rowId?.replace("draft-job-", "")}`);
  await expect(page.getByText(/HTTP 500\. Retry it from the list\.$/)).toBeVisible();
});

async function expectFitsScreen(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
}
