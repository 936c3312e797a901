import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { openApp } from "./fixtures";
import { expect, signInWithGoogle, signUpByApi, test, uniqueEmail } from "./support/accounts";

// The admin analytics dashboard and the admins' way into the admin area.

const adminEmail = () => `boss-${test.info().project.name}@example.com`;
const PHONE = { width: 390, height: 844 };

async function openMobileMenu(page: Page) {
  await page.setViewportSize(PHONE);
  await page.getByRole("button", { name: "Open menu" }).click();
  return page.getByRole("navigation", { name: "Mobile" });
}

test("an admin finds the Admin entry in the header, the mobile menu and on the account page", async ({
  page,
}) => {
  await signInWithGoogle(page, adminEmail(), "Boss");
  const main = page.getByRole("navigation", { name: "Main" });
  await main.getByRole("link", { name: "Admin", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/tools$/);

  await openApp(page, "/account");
  const section = page.getByRole("region", { name: "Admin" });
  await expect(section.getByRole("link", { name: "Manage the tool catalogue" })).toHaveAttribute(
    "href",
    "/admin/tools",
  );
  await section.getByRole("link", { name: "See the analytics" }).click();
  await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();

  await openApp(page, "/");
  const menu = await openMobileMenu(page);
  await menu.getByRole("link", { name: "Admin", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/tools$/);
});

test("a signed-in member sees no Admin entry anywhere", async ({ page }) => {
  await signUpByApi(page, { email: uniqueEmail("member") });
  await openApp(page, "/account");
  await expect(page.getByRole("heading", { name: "My account" })).toBeVisible();
  await expect(page.getByRole("link", { name: "My Account" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Admin" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "See the analytics" })).toHaveCount(0);

  const menu = await openMobileMenu(page);
  await expect(menu.getByRole("link", { name: "My Account" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);

  await page.goto("/admin/analytics");
  await expect(page).toHaveURL(/\/$/);
});

test("the dashboard shows figures, charts with their tables and CSV, and the report's tables", async ({
  page,
}) => {
  test.slow();
  // Views of a tool id no tool has are dropped, and the dashboard counts them.
  await openApp(page, "/ai-tools");
  const forged = await page.evaluate(async () => {
    const view = { name: "tool_view", path: "/ai-tools", toolId: "no-such-tool" };
    const answer = await fetch("/api/events", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ consent: "granted", events: [view, view, view] }),
    });
    return answer.status;
  });
  expect(forged).toBe(204);
  await signInWithGoogle(page, adminEmail(), "Boss");
  await openApp(page, "/admin/analytics");
  await expect(
    page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Analytics" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "Last 28 days" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  const summary = page.getByRole("region", { name: "Summary" });
  for (const label of [
    "Visitors",
    "Page views",
    "Tool views",
    "Likes",
    "Sign-ups",
    "Newsletter confirmations",
  ]) {
    await expect(
      summary.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }),
    ).toBeVisible();
  }
  await expect(page.locator("[data-chart] canvas")).toHaveCount(6);
  for (const title of [
    "Top tools",
    "Top searches",
    "Searches with no results",
    "Referrers",
    "Campaigns",
    "Errors by group",
  ]) {
    await expect(page.getByRole("heading", { name: title, level: 3 })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Add a tool" })).toHaveAttribute(
    "href",
    "/admin/tools/manual",
  );
  await expect(
    page.getByRole("link", { name: "Download the confirmed subscribers (CSV)" }),
  ).toHaveAttribute("href", "/api/admin/newsletter/subscribers.csv");
  const dropped = page.getByRole("region", { name: "Events dropped" });
  await expect(dropped).toContainText(/\d[\d,]* events in the range were not counted\./);
  await expect(
    dropped.getByRole("term").filter({ hasText: "Repeated views within 30 minutes" }),
  ).toBeVisible();
  const namingNoTool = dropped.getByRole("definition").nth(1);
  expect(Number((await namingNoTool.textContent())!.replace(/,/g, ""))).toBeGreaterThanOrEqual(3);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // The table is read by screen readers all along; the toggle shows it on screen.
  const table = page.getByRole("table", {
    name: "Visitors per day, this range and the previous one",
  });
  await expect(table.getByRole("row")).toHaveCount(29);
  await expect(page.getByRole("region", { name: "Visitors per day" })).toHaveCount(0);
  const showTable = page.getByRole("button", { name: "Show table of visitors per day" });
  await expect(showTable).toHaveAttribute("aria-expanded", "false");
  await showTable.click();
  await expect(page.getByRole("region", { name: "Visitors per day" })).toBeVisible();
  const hideTable = page.getByRole("button", { name: "Hide table of visitors per day" });
  await expect(hideTable).toHaveAttribute("aria-expanded", "true");
  await hideTable.click();
  await expect(page.getByRole("region", { name: "Visitors per day" })).toHaveCount(0);
  await expect(showTable).toHaveAttribute("aria-expanded", "false");

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV of page views per day" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^page_views-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const lines = Buffer.concat(chunks).toString("utf8").split("\r\n");
  expect(lines[0]).toBe("day,page_views,previous_day,previous_page_views");
  expect(lines.filter(Boolean)).toHaveLength(29);

  await page.getByRole("link", { name: "Last 7 days" }).click();
  await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(table.getByRole("row")).toHaveCount(8);
  await expect(page.locator("[data-chart] canvas")).toHaveCount(6);
});

test("a malformed range shows what is wrong next to the form", async ({ page }) => {
  await signInWithGoogle(page, adminEmail(), "Boss");
  const response = await openApp(page, "/admin/analytics?from=2026-02-10&to=2026-02-01");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("alert")).toContainText(
    "The start date must not be after the end date.",
  );
  await expect(page.getByLabel("From")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("[data-chart]")).toHaveCount(0);

  await page.getByLabel("From").fill("2024-01-01");
  await page.getByLabel("To").fill("2026-01-01");
  await page.getByRole("button", { name: "Show range" }).click();
  await expect(page).toHaveURL(/from=2024-01-01&to=2026-01-01/);
  await expect(page.getByRole("alert")).toContainText("Choose at most 366 days.");

  await openApp(page, "/admin/analytics?from=yesterday&to=2026-02-01");
  await expect(page.getByRole("alert")).toContainText("Use a date such as 2026-01-31.");

  // Only the malformed end is named: the range's length cannot be judged without it.
  await openApp(page, "/admin/analytics?from=+02025-11-01&to=2025-11-02");
  await expect(page.getByRole("alert")).toHaveText(
    "This range cannot be shown. Use a date such as 2026-01-31.",
  );
  await expect(page.getByLabel("From")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("To")).not.toHaveAttribute("aria-invalid", "true");
});

test("a thrown error in the page shows up in the dashboard", async ({ page, consoleProblems }) => {
  test.slow();
  const message = `Dashboard probe ${randomUUID().slice(0, 8)}`;
  await openApp(page, "/ai-tools");
  const reported = page.waitForResponse(
    (response) =>
      response.url().endsWith("/api/events") &&
      response.request().method() === "POST" &&
      (response.request().postData() ?? "").includes(message),
  );
  await page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    });
  }, message);
  await expect.poll(() => consoleProblems.some((problem) => problem.includes(message))).toBe(true);
  // This error is the test's own doing; any other still fails it.
  consoleProblems.splice(
    0,
    consoleProblems.length,
    ...consoleProblems.filter((problem) => !problem.includes(message)),
  );
  expect((await reported).status()).toBe(204);

  await signInWithGoogle(page, adminEmail(), "Boss");
  await expect(async () => {
    await openApp(page, "/admin/analytics");
    await expect(
      page
        .getByRole("region", { name: "Errors by group" })
        .getByRole("row")
        .filter({ hasText: message }),
    ).toContainText("/ai-tools");
  }).toPass({ timeout: 30_000 });
});
