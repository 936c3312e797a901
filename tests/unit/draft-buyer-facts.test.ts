import { describe, expect, it } from "vitest";
import {
  chooseEvidencePages,
  isSameSite,
} from "#server/services/ai-draft/choose-evidence-pages.server";
import type { SourcePage } from "#server/services/ai-draft/draft-types.server";
import { checkModelFactsAndPlans } from "#server/services/ai-draft/model-buyer-facts.server";
import { readBuyerFacts } from "#server/services/ai-draft/read-buyer-facts.server";
import { readPage } from "#server/services/ai-draft/read-page.server";
import { readPricingPlans } from "#server/services/ai-draft/read-pricing-plans.server";

// The rules of drafting buyer facts and plans, on pages read from HTML: which of the tool's pages
// are read, what their words state, and that nothing is drafted without a quote that states it.

const TODAY = "2026-12-02";

function source(url: string, body: string, topic: SourcePage["topic"] = "security"): SourcePage {
  const facts = readPage(`<html><body><main>${body}</main></body></html>`, url);
  return { url, topic, facts, inMainText: false };
}

describe("the tool's own pages a draft reads", () => {
  it("counts the same host, www and subdomains of the site as the same site, nothing else", () => {
    expect(isSameSite("https://www.example.com/", "https://example.com/security")).toBe(true);
    expect(isSameSite("https://www.example.com/", "https://trust.example.com/")).toBe(true);
    expect(isSameSite("https://app.example.co.uk/", "https://trust.example.co.uk/")).toBe(true);
    expect(isSameSite("https://example.com/", "https://example.org/security")).toBe(false);
    expect(isSameSite("https://example.com/", "https://notexample.com/")).toBe(false);
    expect(isSameSite("https://example.com/", "https://example.com:8443/")).toBe(false);
    // On a shared host each customer's subdomain is its own site.
    expect(isSameSite("https://acme.vercel.app/", "https://other.vercel.app/")).toBe(false);
    expect(isSameSite("https://acme.vercel.app/", "https://docs.acme.vercel.app/")).toBe(true);
  });

  it("chooses at most one page per topic, by path or words, on the same site, never the page itself", () => {
    const facts = readPage(
      `<html><body>
        <nav><a href="/">Home</a> <a href="/pricing">Pricing</a> <a href="/plans">Plans</a>
        <a href="https://trust.other.example/">Trust center</a>
        <a href="https://trust.acme.example/">Trust center</a>
        <a href="/apps">Apps</a> <a href="/legal/dpa">DPA</a> <a href="/blog">Blog</a></nav>
        <main><p>Acme writes your emails.</p></main>
        <footer><a href="/security">Security</a> <a href="/privacy">Privacy</a></footer>
      </body></html>`,
      "https://www.acme.example/",
    );
    expect(chooseEvidencePages(facts)).toEqual([
      { topic: "pricing", url: "https://www.acme.example/pricing" },
      { topic: "security", url: "https://trust.acme.example/" },
      { topic: "integrations", url: "https://www.acme.example/apps" },
      { topic: "privacy", url: "https://www.acme.example/legal/dpa" },
    ]);
  });
});

describe("facts from the pages' words", () => {
  it("drafts what a sentence states, a plain no only when the page says no, and nothing hedged", () => {
    const page = source(
      "https://acme.example/security",
      `<p>Acme supports SAML single sign-on and SCIM provisioning.</p>
       <p>We are working towards ISO 27001 certification.</p>
       <p>Acme does not currently offer a HIPAA BAA and is not HIPAA compliant.</p>
       <p>Our SOC 2 Type I report is dated 2026-05-31.</p>
       <p>Data is stored in the United States and in Canada.</p>
       <p>You can opt out of having your content used to train our AI models.</p>
       <p>Start a 14-day free trial. No credit card required.</p>
       <p>Deleted files are kept for 30 days, then removed.</p>`,
    );
    const facts = readBuyerFacts([page], [], TODAY);
    expect(facts.sso).toMatchObject({ value: "yes", source: "ai", checkedAt: TODAY });
    expect(facts.scim?.value).toBe("yes");
    expect(facts.iso27001).toBeUndefined();
    expect(facts.hipaa).toMatchObject({
      value: "no",
      quote: "Acme does not currently offer a HIPAA BAA and is not HIPAA compliant.",
    });
    expect(facts.soc2).toMatchObject({ value: "type1", reportDate: "2026-05-31" });
    expect(facts["data-regions"]?.value).toEqual(["us", "ca"]);
    expect(facts["no-training"]?.value).toBe("opt-out");
    expect(facts["free-trial"]?.value).toBe(14);
    expect(facts.retention?.value).toBe("Deleted files are kept for 30 days, then removed.");
    expect(facts.mfa).toBeUndefined();
    for (const fact of Object.values(facts)) {
      expect(fact.evidenceUrl).toBe("https://acme.example/security");
    }
  });

  it("reads plan cards and table rows; a plan without a price or period is none", () => {
    const cards = source(
      "https://acme.example/pricing",
      `<h1>Simple pricing</h1><p>Plans start at $9 per month.</p>
       <div><h2>Starter</h2><p>$9 / month</p></div>
       <div><h2>Team</h2><p>€12 per seat / month</p><p>Billed yearly</p></div>
       <div><h2>Agency</h2><p>$1,200 per year</p></div>
       <div><h2>API</h2><p>$0.50 per 1,000 requests</p></div>
       <div><h2>Enterprise</h2><p>Custom pricing</p></div>`,
      "pricing",
    );
    expect(
      readPricingPlans([cards]).map(({ name, price, currency, period, unit, note }) => ({
        name,
        price,
        currency,
        period,
        unit,
        note,
      })),
    ).toEqual([
      { name: "Starter", price: 9, currency: "USD", period: "month", unit: "flat", note: null },
      {
        name: "Team",
        price: 12,
        currency: "EUR",
        period: "month",
        unit: "per-user",
        note: "Billed annually",
      },
      { name: "Agency", price: 1200, currency: "USD", period: "year", unit: "flat", note: null },
      {
        name: "API",
        price: 0.5,
        currency: "USD",
        period: "usage",
        unit: "per-usage",
        note: "per 1,000 requests",
      },
    ]);
    const table = source(
      "https://acme.example/pricing",
      `<table><tr><th>Plan</th><th>Price</th></tr>
       <tr><td>Basic</td><td>Free</td></tr>
       <tr><td>Plus</td><td>$29 per user per month</td></tr></table>`,
      "pricing",
    );
    expect(readPricingPlans([table]).map((plan) => [plan.name, plan.price, plan.unit])).toEqual([
      ["Basic", 0, "flat"],
      ["Plus", 29, "per-user"],
    ]);
  });

  it("keeps a model's fact or plan only when its quote is on a page and states it", () => {
    const page = source(
      "https://acme.example/security",
      `<p>Acme has a SOC 2 Type II report.</p><p>Customer data stays in the EU.</p>
       <h2>Pro</h2><p>$19 per user / month</p>`,
    );
    const { facts, plans } = checkModelFactsAndPlans(
      {
        facts: {
          soc2: { value: "type2", quote: "Acme has a SOC 2 Type II report.", page: page.url },
          hipaa: { value: "yes" },
          iso27001: { value: "yes", quote: "Acme has a SOC 2 Type II report." },
          "data-regions": { value: ["eu", "us"], quote: "Customer data stays in the EU." },
          scim: { value: "no", quote: "Acme has a SOC 2 Type II report." },
          sso: "yes",
          "not-a-fact": { value: "yes", quote: "Acme has a SOC 2 Type II report." },
        },
        plans: [
          { name: "Pro", price: 19, period: "month", unit: "per-user", quote: "Pro $19 per user" },
          { name: "Pro Max", price: 49, period: "month", quote: "Pro $19 per user" },
          { name: "Team", price: 29, period: "month", quote: "Team $29 per user" },
        ],
      },
      [page],
      TODAY,
    );
    expect(Object.keys(facts)).toEqual(["soc2"]);
    expect(facts.soc2).toMatchObject({ source: "ai", evidenceUrl: page.url, checkedAt: TODAY });
    expect(plans.map((plan) => plan.name)).toEqual(["Pro"]);
  });
});
