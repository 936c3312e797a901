import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext } from "@playwright/test";
import { FACTS, type FactKey } from "~/lib/buyer-facts";
import { comparePath } from "~/lib/compare";
import {
  factText,
  INTEGRATION_FACT_KEYS,
  PRICING_FACT_KEYS,
  SECURITY_FACT_KEYS,
} from "~/lib/fact-sections";
import { toolPath } from "~/lib/paths";
import { formatPlanPrice, formatStartingPrice } from "~/lib/pricing-plans";
import type { ToolCard, ToolDetail } from "~/lib/tool";
import { expect, openApp, test } from "./fixtures";

// A buyer sees each fact of a tool with its source and day, linked to the evidence, unknown facts
// as "Unknown", and two tools' facts side by side on the compare page (decision 030).

// West of UTC: a fact's day must not read as the day before.
test.use({ locale: "en-GB", timezoneId: "America/Los_Angeles" });

const SHOWN_KEYS: readonly FactKey[] = [
  ...SECURITY_FACT_KEYS,
  ...INTEGRATION_FACT_KEYS,
  ...PRICING_FACT_KEYS,
];
// Lists are left out: the same items in another order count as the same value.
const SINGLE_VALUE_KEYS = SHOWN_KEYS.filter((key) => !/regions|integrations|platforms/.test(key));

/** Demo tools, most viewed first, whose SSO fact has evidence, with plans and unknown facts. */
async function toolsWithFacts(request: APIRequestContext): Promise<ToolDetail[]> {
  const response = await request.get("/api/tools?limit=1000&sort=Most%20Viewed");
  const { tools } = (await response.json()) as { tools: ToolCard[] };
  const found: ToolDetail[] = [];
  for (const card of tools) {
    if (!card.meets?.includes("sso") || !card.startingPrice) continue;
    const { tool } = (await (await request.get(`/api/tools/${card.id}`)).json()) as {
      tool: ToolDetail;
    };
    const hasUnknown = SECURITY_FACT_KEYS.some((key) => !tool.facts[key]);
    if (tool.facts.sso?.evidenceUrl && hasUnknown && tool.plans.length > 0) found.push(tool);
    if (found.length === 8) break;
  }
  if (found.length < 2) throw new Error("The demo catalogue has too few tools with facts");
  return found;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const dayOf = (day: string) =>
  new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

test("a tool page shows its facts with sources and Unknown; the compare page lines them up", async ({
  page,
  request,
}) => {
  test.slow();
  const [tool, ...others] = await toolsWithFacts(request);
  await openApp(page, toolPath(tool!));

  for (const title of ["Security & compliance", "Integrations", "Pricing plans"]) {
    await expect(page.getByRole("heading", { level: 2, name: title, exact: true })).toBeVisible();
  }
  const definitionOf = (key: FactKey) => page.locator(`dt:text-is("${FACTS[key].label}") + dd`);

  // A known fact: its value, its source and day in words, linked to the evidence.
  const sso = tool!.facts.sso!;
  const ssoDefinition = definitionOf("sso");
  await expect(ssoDefinition).toContainText(factText(tool!.facts, "sso"));
  const evidence = ssoDefinition.getByRole("link");
  await expect(evidence).toHaveText(
    new RegExp(`^Demo data, checked ${escaped(dayOf(sso.checkedAt))} \\(new tab\\)$`),
  );
  await expect(evidence).toHaveAttribute("href", sso.evidenceUrl!);
  await expect(evidence).toHaveAttribute("rel", /\bnofollow\b.*\bnoopener\b/);
  await expect(evidence).toHaveAttribute("target", "_blank");

  // Every key of the section is there; one no source states reads Unknown, not No.
  await expect(page.locator("#tool-security ~ dl > div")).toHaveCount(SECURITY_FACT_KEYS.length);
  const unknownKey = SECURITY_FACT_KEYS.find((key) => !tool!.facts[key])!;
  await expect(definitionOf(unknownKey)).toHaveText("Unknown");

  const [plan] = tool!.plans;
  await expect(
    page.getByRole("row", { name: new RegExp(`^${escaped(plan!.name)} `) }).first(),
  ).toContainText(formatPlanPrice(plan!));
  await expect(page.getByText(/^Starting price: /)).toContainText(
    formatStartingPrice(tool!.startingPrice!),
  );

  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // On a phone the sections fit the width.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(ssoDefinition).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Another tool that differs in some facts and shares others.
  const differs = (other: ToolDetail, key: FactKey) =>
    factText(tool!.facts, key) !== factText(other.facts, key);
  const other = others.find(
    (candidate) =>
      SINGLE_VALUE_KEYS.some((key) => differs(candidate, key)) &&
      SINGLE_VALUE_KEYS.some((key) => !differs(candidate, key)),
  )!;
  const differing = SINGLE_VALUE_KEYS.find((key) => differs(other, key))!;
  const same = SINGLE_VALUE_KEYS.find((key) => !differs(other, key))!;

  await openApp(page, comparePath([tool!.slug, other.slug]));
  // The compare page orders the tools by slug.
  const compared = [tool!, other].sort((a, b) => (a.slug < b.slug ? -1 : 1));
  const rowOf = (key: FactKey) => page.locator(`tr[data-row="fact:${key}"]`);
  // The first tool's unknown fact reads Unknown in its column too.
  for (const key of [differing, same, unknownKey]) {
    await expect(rowOf(key).getByRole("cell")).toHaveText(
      compared.map((each) => factText(each.facts, key)),
    );
  }
  await expect(page.locator('tr[data-row="plans"]').getByRole("cell")).toHaveCount(2);

  await page.getByRole("switch", { name: "Differences only" }).check();
  await expect(rowOf(differing)).toBeVisible();
  await expect(rowOf(same)).toBeHidden();
  await page.getByRole("switch", { name: "Differences only" }).uncheck();
  await expect(rowOf(same)).toBeVisible();

  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});
