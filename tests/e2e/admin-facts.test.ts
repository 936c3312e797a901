import AxeBuilder from "@axe-core/playwright";
import type { ToolDetail } from "~/lib/tool";
import { openApp } from "./fixtures";
import { expect, signInWithGoogle, test } from "./support/accounts";

// The tool editor edits buyer facts with their evidence and pricing plans: what an admin saves is
// what the API answers, and a bad evidence address is refused next to its own field.

const adminEmail = () => `boss-${test.info().project.name}@example.com`;
const unique = (label: string) => `${label} ${test.info().project.name} ${Date.now().toString(36)}`;
const SSO = "Single sign-on (SAML or OIDC)";

test("an admin sets SSO with its evidence and a Pro plan, and the API answers them", async ({
  page,
}) => {
  test.slow();
  const name = unique("Factful");
  await signInWithGoogle(page, adminEmail(), "Boss");
  await openApp(page, "/admin/tools/manual");
  await page.getByLabel("Name", { exact: true }).fill(name);

  const sso = page.getByRole("group", { name: SSO });
  await expect(sso.getByLabel("Evidence URL")).toHaveCount(0);
  await sso.getByRole("radio", { name: "Yes" }).check();
  await expect(sso.getByLabel("Source")).toHaveValue("editor");
  const today = new Date().toISOString().slice(0, 10);
  await expect(sso.getByLabel("Checked on")).toHaveValue(today);
  await sso.getByLabel("Evidence URL").fill("https://factful.example/security");
  await sso.getByLabel("Quote from the evidence").fill("SAML SSO is included on Pro.");

  await page.getByRole("button", { name: "Add a plan" }).click();
  const plan = page.getByRole("group", { name: /^Plan 1/ });
  await expect(plan.getByLabel("Plan name")).toBeFocused();
  await plan.getByLabel("Plan name").fill("Pro");
  await plan.getByLabel("Plan price").fill("19");
  await expect(page.getByText("Starting price: From $19 per user/month (Pro).")).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.getByRole("button", { name: "Add tool" }).click();
  await expect(page.getByText(`"${name}" is added.`)).toBeVisible();
  const id = /\/admin\/tools\/manual\/(t-[0-9a-f]+)$/.exec(page.url())![1]!;
  const { tool } = (await (await page.request.get(`/api/tools/${id}`)).json()) as {
    tool: ToolDetail;
  };
  expect(tool.facts).toEqual({
    sso: {
      value: "yes",
      source: "editor",
      evidenceUrl: "https://factful.example/security",
      quote: "SAML SSO is included on Pro.",
      checkedAt: today,
    },
  });
  expect(tool.plans).toEqual([
    { name: "Pro", price: 19, currency: "USD", period: "month", unit: "per-user", note: null },
  ]);
  // The page reloads what was stored: the fact keeps its source and date.
  await expect(page.getByRole("group", { name: SSO }).getByLabel("Evidence URL")).toHaveValue(
    "https://factful.example/security",
  );
});

test("a bad evidence address is refused next to its field, on a phone too", async ({ page }) => {
  test.slow();
  await signInWithGoogle(page, adminEmail(), "Boss");
  await page.setViewportSize({ width: 390, height: 844 });
  await openApp(page, "/admin/tools/manual");
  await page.getByLabel("Name", { exact: true }).fill(unique("Unsure"));
  const sso = page.getByRole("group", { name: SSO });
  await sso.getByRole("radio", { name: "Yes" }).check();
  const evidence = sso.getByLabel("Evidence URL");
  await evidence.fill("security page");

  await page.getByRole("button", { name: "Add tool" }).click();
  const message = "The evidence must be a web address that starts with http:// or https://.";
  await expect(page.getByRole("alert")).toContainText(`${SSO}, evidence URL: ${message}`);
  await expect(evidence).toHaveAttribute("aria-invalid", "true");
  await expect(evidence).toHaveAccessibleDescription(message);
  await expect(page).toHaveURL(/\/admin\/tools\/manual$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
