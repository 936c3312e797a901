import type { APIRequestContext, Locator, Page } from "@playwright/test";
import type { ToolResults } from "~/lib/api/contract";
import { expect, openApp, test } from "./fixtures";

// Finding tools by their facts: two requirements and a price ceiling chosen through the page,
// their counts, the address that keeps them, and every listed tool meeting them (checked
// through the API), on a wide screen's sidebar and in a phone's filter panel.

const cards = (page: Page) => page.getByRole("article");
const requirements = (page: Page) => page.getByRole("group", { name: "Requirements" });
const checkboxNamed = (page: Page, label: string) =>
  page.getByRole("checkbox", { name: new RegExp(`^${label} \\d+$`) });
const requirement = (page: Page, label: string) =>
  requirements(page).locator(checkboxNamed(page, label));

/** The count shown beside a requirement's checkbox. */
async function countOf(page: Page, label: string): Promise<number> {
  const option = requirements(page)
    .locator("label")
    .filter({ has: checkboxNamed(page, label) });
  return Number(await option.locator("span").textContent());
}

async function answerOf(request: APIRequestContext, query: string): Promise<ToolResults> {
  const response = await request.get(`/api/tools?${query}&limit=1000`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ToolResults;
}

/** The listing's "Showing x of N tools" line has N. */
async function expectTotal(page: Page, total: number) {
  await expect(page.getByText(/^Showing [\d,]+ of [\d,]+ tools?$/)).toContainText(
    `of ${total.toLocaleString("en-US")} tool`,
  );
}

/** Every card shown is a tool the API lists for the same filters, which meet them. */
async function expectListedMeet(page: Page, request: APIRequestContext) {
  const answer = await answerOf(request, "require=sso,soc2&maxPrice=25");
  expect(answer.total).toBeGreaterThan(0);
  for (const tool of answer.tools) {
    expect(tool.meets).toEqual(expect.arrayContaining(["sso", "soc2"]));
    expect(tool.startingPrice?.currency).toBe("USD");
    expect(tool.startingPrice!.amount).toBeLessThanOrEqual(25);
  }
  const listed = new Set(answer.tools.map((tool) => tool.name));
  const shown = await cards(page).getByRole("heading").allTextContents();
  expect(shown.length).toBeGreaterThan(0);
  for (const name of shown) expect(listed.has(name.trim()), name).toBe(true);
  await expectTotal(page, answer.total);
  if (answer.unpricedCount) {
    await expect(
      page.getByText(new RegExp(`^${answer.unpricedCount} tools? without a known price in US`)),
    ).toBeVisible();
  }
  return answer;
}

async function setCeiling(box: Locator, price: string) {
  await box.fill(price);
  await box.press("Enter");
}

test("filters by two requirements and a price ceiling from the sidebar, then opens a tool", async ({
  page,
  request,
}) => {
  await openApp(page, "/ai-tools");
  await requirement(page, "SSO").check();
  await expect(page).toHaveURL(/\/ai-tools\?require=sso$/);
  await expect(requirement(page, "SSO")).toBeChecked();

  // The count beside SOC 2 is how many the list holds once it is required too.
  const withSso = await answerOf(request, "require=sso");
  await expectTotal(page, withSso.total);
  const soc2Count = await countOf(page, "SOC 2");
  expect(soc2Count).toBe(withSso.requirementFacets.find((facet) => facet.key === "soc2")!.count);
  await requirement(page, "SOC 2").check();
  await expect(page).toHaveURL(/\/ai-tools\?require=sso,soc2$/);
  await expectTotal(page, soc2Count);
  expect(await countOf(page, "SOC 2")).toBe(soc2Count);

  await setCeiling(page.getByRole("spinbutton", { name: "Max price per user/month" }), "25");
  await expect(page).toHaveURL(/\/ai-tools\?require=sso,soc2&maxPrice=25$/);
  await expect(
    page.getByRole("region", { name: "Active filters" }).getByRole("link", {
      name: "Remove filter Max price: $25/user/month",
    }),
  ).toBeVisible();
  await expectListedMeet(page, request);

  // The same choice comes back from its address.
  await openApp(page, "/ai-tools?require=sso,soc2&maxPrice=25");
  await expect(requirement(page, "SOC 2")).toBeChecked();
  await expect(page.getByRole("spinbutton", { name: "Max price per user/month" })).toHaveValue(
    "25",
  );

  const first = cards(page).first().getByRole("heading").getByRole("link");
  const name = (await first.textContent())!.trim();
  await first.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("filters by two requirements and a price ceiling from the filter panel", async ({
    page,
    request,
  }) => {
    await openApp(page, "/ai-tools");
    const toggle = page.getByRole("button", { name: /^Requirements & price/ });
    await expect(requirement(page, "SSO")).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await requirement(page, "SSO").check();
    await expect(page).toHaveURL(/require=sso$/);
    // The panel stays open for the next choice.
    await requirement(page, "SOC 2").check();
    await expect(page).toHaveURL(/require=sso,soc2$/);
    await setCeiling(page.getByRole("spinbutton", { name: "Max price per user/month" }), "25");
    await expect(page).toHaveURL(/require=sso,soc2&maxPrice=25$/);
    await expect(toggle).toContainText("3 chosen");

    const answer = await answerOf(request, "require=sso,soc2&maxPrice=25");
    await page.getByRole("button", { name: new RegExp(`^Show ${answer.total} tools?$`) }).click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(requirement(page, "SSO")).toBeHidden();
    await expect(page.getByRole("heading", { name: "Tools", exact: true })).toBeFocused();
    await expectListedMeet(page, request);
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});

test("GET /api/tools refuses an unknown requirement or integration and a price that is not a number", async ({
  request,
}) => {
  for (const [query, field, value] of [
    ["require=sso,sox", "require", '"sox"'],
    ["integrates=myspace", "integrates", '"myspace"'],
    ["maxPrice=cheap", "maxPrice", '"cheap"'],
  ] as const) {
    const response = await request.get(`/api/tools?${query}`);
    expect(response.status()).toBe(400);
    const { error } = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(error.fields[field]).toContain(value);
  }
  // The page instead keeps what it knows.
  const page = await request.get("/ai-tools?require=sso,sox");
  expect(page.status()).toBe(200);
});
