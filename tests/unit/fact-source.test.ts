import { describe, expect, it } from "vitest";
import { factText } from "~/lib/fact-sections";
import { factSourceLead } from "~/lib/fact-source";

// A fact's source in words, before its date: the tool page reads "From the vendor’s security
// page, checked 2 Dec 2026".

const site = "https://www.acme.example";

describe("factSourceLead", () => {
  it("names the vendor’s page by its address", () => {
    const lead = (evidenceUrl: string) => factSourceLead({ source: "vendor", evidenceUrl }, site);
    expect(lead("https://acme.example/security")).toBe("From the vendor’s security page, checked");
    expect(lead("https://www.acme.example/trust-center")).toBe(
      "From the vendor’s trust page, checked",
    );
    expect(lead("https://acme.example/legal/privacy")).toBe(
      "From the vendor’s privacy page, checked",
    );
    expect(lead("https://acme.example/pricing")).toBe("From the vendor’s pricing page, checked");
    expect(lead("https://acme.example/legal/subprocessors")).toBe(
      "From the vendor’s subprocessor list, checked",
    );
    expect(lead("https://acme.example/about")).toBe("From the vendor’s website, checked");
  });

  it("counts a subdomain of the tool's site as the vendor’s, and names any other site", () => {
    expect(
      factSourceLead({ source: "vendor", evidenceUrl: "https://trust.acme.example/" }, site),
    ).toBe("From the vendor’s trust page, checked");
    expect(
      factSourceLead({ source: "vendor", evidenceUrl: "https://acme.trustcenter.example/" }, site),
    ).toBe("From acme.trustcenter.example, checked");
  });

  it("says who checked the fact for every other source", () => {
    const evidenceUrl = "https://acme.example/security";
    expect(factSourceLead({ source: "editor", evidenceUrl }, site)).toBe("Checked by our editors,");
    expect(factSourceLead({ source: "ai", evidenceUrl }, site)).toBe(
      "Drafted from the vendor’s security page, checked",
    );
    expect(factSourceLead({ source: "import", evidenceUrl }, site)).toBe("Imported, checked");
    expect(factSourceLead({ source: "demo", evidenceUrl }, site)).toBe("Demo data, checked");
  });

  it("says the vendor stated it when there is no evidence page, and reads a tool without a site", () => {
    expect(factSourceLead({ source: "vendor", evidenceUrl: null }, site)).toBe(
      "Stated by the vendor, checked",
    );
    expect(
      factSourceLead({ source: "vendor", evidenceUrl: "https://acme.example/security" }, null),
    ).toBe("From the vendor’s security page, checked");
  });
});

describe("factText", () => {
  it("is the value as a reader sees it, and Unknown (never No) when no source states it", () => {
    const facts = {
      sso: {
        value: "no" as const,
        source: "editor" as const,
        evidenceUrl: null,
        quote: null,
        checkedAt: "2026-12-02",
      },
    };
    expect(factText(facts, "sso")).toBe("No");
    expect(factText(facts, "scim")).toBe("Unknown");
    expect(factText({}, "free-trial")).toBe("Unknown");
  });
});
