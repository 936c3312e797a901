import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BuyerFactsSections } from "~/features/tool-page/buyer-facts-sections";
import type { ToolFacts } from "~/lib/buyer-facts";
import type { PricingPlan, StartingPrice } from "~/lib/pricing-plans";

// The tool page's buyer facts: every key of a section with its value or "Unknown", each known
// fact with its source and date linked to the evidence, the plans in a table.

const facts: ToolFacts = {
  sso: {
    value: "yes",
    source: "vendor",
    evidenceUrl: "https://acme.example/security",
    quote: "SAML single sign-on is available on the Business plan.",
    checkedAt: "2026-12-02",
  },
  hipaa: { value: "no", source: "editor", evidenceUrl: null, quote: null, checkedAt: "2026-11-30" },
  soc2: {
    value: "type2",
    source: "vendor",
    evidenceUrl: "https://acme.example/trust",
    quote: null,
    checkedAt: "2026-12-02",
    reportDate: "2026-06-15",
  },
  integrations: {
    value: ["slack", "hubspot"],
    source: "demo",
    evidenceUrl: "https://acme.example/integrations",
    quote: null,
    checkedAt: "2026-12-01",
  },
};
const plans: PricingPlan[] = [
  { name: "Free", price: 0, currency: "USD", period: "month", unit: "flat", note: null },
  { name: "Pro", price: 19, currency: "USD", period: "month", unit: "per-user", note: "Up to 50." },
];
const tool = {
  name: "Acme",
  facts,
  plans,
  startingPrice: { amount: 19, currency: "USD", unit: "user", plan: "Pro" } as StartingPrice | null,
  websiteUrl: "https://acme.example/",
};

const render = (overrides: Partial<typeof tool> = {}) =>
  renderToString(<BuyerFactsSections tool={{ ...tool, ...overrides }} />).replaceAll(
    "<!-- -->",
    "",
  );

/** The text of the definition that follows a term. */
function definitionOf(html: string, term: string): string {
  const match = new RegExp(`<dt>${term}</dt><dd[^>]*>(.*?)</dd>`).exec(html);
  if (!match) throw new Error(`No term ${term}`);
  return match[1]!.replace(/<[^>]+>/g, "");
}

describe("the tool page's buyer facts", () => {
  it("has the three sections, each listing every key, unknown ones as Unknown", () => {
    const html = render();
    for (const title of ["Security &amp; compliance", "Integrations", "Pricing plans"]) {
      expect(html).toContain(`>${title}</h2>`);
    }
    expect(html.match(/<dt>/g)).toHaveLength(12 + 5 + 2);
    expect(definitionOf(html, "SCIM user provisioning")).toBe("Unknown");
    expect(definitionOf(html, "HIPAA \\(signs a BAA\\)")).toBe(
      "NoChecked by our editors, 2026-11-30",
    );
  });

  it("gives a known fact its source and date, linked to the evidence, with its quote", () => {
    const html = render();
    expect(definitionOf(html, "Single sign-on \\(SAML or OIDC\\)")).toBe(
      "YesFrom the vendor’s security page, checked 2026-12-02 (new tab)“SAML single sign-on is available on the Business plan.”",
    );
    expect(html).toContain(
      '<a href="https://acme.example/security" target="_blank" rel="nofollow noopener">',
    );
    expect(html).toContain('<time dateTime="2026-12-02">2026-12-02</time>');
    expect(definitionOf(html, "SOC 2 report")).toMatch(/^Type II, report dated 2026-06-15From/);
    expect(html).toMatch(/<li[^>]*>Slack<\/li><li[^>]*>HubSpot<\/li>/);
  });

  it("lists the plans in a table with the starting price", () => {
    const html = render();
    expect(html).toContain("Starting price: <strong");
    expect(html).toContain("From $19 per user/month (Pro)");
    expect(html).toMatch(/<th scope="row"[^>]*>Pro<\/th><td[^>]*>\$19 per user\/month<\/td>/);
    expect(html).toContain("Monthly, per user");
    expect(html).toContain("Up to 50.");
  });

  it("says the starting price is unknown when no plan gives one", () => {
    const html = render({ plans: [], startingPrice: null });
    expect(html).toMatch(/Starting price: <span[^>]*>Unknown<\/span>/);
    expect(html).toContain("No plans are listed for Acme yet.");
  });

  it("gives a tool with no facts and no plans one short note instead of three empty sections", () => {
    const html = render({ facts: {}, plans: [], startingPrice: null });
    expect(html).not.toContain("<dt>");
    expect(html).not.toContain("Security &amp; compliance");
    expect(html).toContain("has been checked yet.");
  });
});
