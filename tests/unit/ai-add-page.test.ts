import { describe, expect, it } from "vitest";
import {
  applyDraftedField,
  asksBeforeRemoving,
  countAddresses,
  describeChanges,
  draftToFormValues,
  NOT_TEXT_FILE,
  refuseAddressFile,
  refuseAddressText,
  explainUnfinished,
  reviewLinkOf,
} from "~/features/admin/ai-add/draft-form";
import type { DraftJobState, DraftJobSummary } from "~/lib/ai-draft";
import { fromFormValues, toolInputSchema } from "~/lib/tool-input";

function job(id: number, state: DraftJobState, extra: Partial<DraftJobSummary> = {}) {
  return {
    id,
    address: `site${id}.example`,
    url: `https://site${id}.example/`,
    finalUrl: null,
    state,
    progress: null,
    failure: null,
    duplicateOf: null,
    draftedFields: 0,
    usedModel: false,
    modelProblem: null,
    savedTool: null,
    createdAt: "2026-11-24T06:00:00.000Z",
    updatedAt: "2026-11-24T06:00:00.000Z",
    ...extra,
  } satisfies DraftJobSummary;
}

describe("the address box", () => {
  it("counts the addresses found and refuses more than 100", () => {
    expect(countAddresses("url\nhttps://a.example, b.example\nnot an address")).toEqual({
      count: 2,
      problem: null,
    });
    const many = Array.from({ length: 101 }, (_, index) => `tool${index}.example`).join("\n");
    expect(countAddresses(many).problem).toBe("101 addresses found: send at most 100 at a time.");
  });

  it("refuses an address file over 256 KB before reading it", () => {
    expect(refuseAddressFile({ name: "list.csv", size: 256 * 1024, type: "text/csv" })).toBeNull();
    expect(refuseAddressFile({ name: "big.csv", size: 256 * 1024 + 1, type: "text/csv" })).toMatch(
      /^"big.csv" is larger than 256 KB/,
    );
  });

  it("reads text, CSV and Excel-labelled CSV files, and unlabelled ones named .txt or .csv", () => {
    for (const [name, type] of [
      ["list.txt", "text/plain"],
      ["list.csv", "text/csv"],
      ["export.csv", "application/vnd.ms-excel"],
      ["list.CSV", ""],
      ["list.txt", ""],
    ] as const) {
      expect(refuseAddressFile({ name, size: 100, type })).toBeNull();
    }
  });

  it("refuses images, SVG and other files that are not text", () => {
    for (const [name, type] of [
      ["logo.svg", "image/svg+xml"],
      ["photo.png", "image/png"],
      ["sheet.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
      ["notes", ""],
      ["list.pdf", ""],
    ] as const) {
      expect(refuseAddressFile({ name, size: 100, type })).toBe(NOT_TEXT_FILE);
    }
  });

  it("refuses content with a NUL byte or many undecodable bytes, and reads addresses with an accent or two", () => {
    expect(refuseAddressText("https://a.example\n\u0000\u0001")).toBe(NOT_TEXT_FILE);
    expect(refuseAddressText(`\u0089PNG${"\uFFFD".repeat(40)}IHDR`)).toBe(NOT_TEXT_FILE);
    expect(
      refuseAddressText(`url,name\n${"https://tool.example,Caf\uFFFD\n".repeat(3)}`),
    ).toBeNull();
    expect(refuseAddressText("https://a.example\nb.example\n")).toBeNull();
  });
});

describe("removing a job", () => {
  it("asks first when it throws away an unsaved draft: a ready one or what a failed job drafted", () => {
    expect(asksBeforeRemoving(job(1, "ready", { draftedFields: 9 }))).toBe(true);
    expect(asksBeforeRemoving(job(2, "failed", { draftedFields: 4 }))).toBe(true);
    expect(asksBeforeRemoving(job(3, "failed", { draftedFields: 1 }))).toBe(false);
    expect(asksBeforeRemoving(job(4, "cancelled"))).toBe(false);
    const saved = { id: "t1", name: "Quill", path: "/ai-tools/writing/quill" };
    expect(asksBeforeRemoving(job(5, "ready", { draftedFields: 9, savedTool: saved }))).toBe(false);
  });
});

describe("a draft that cannot be reviewed", () => {
  it("ends the failure's words with a full stop before saying to retry", () => {
    const failure = {
      code: "http_error",
      message: "The site answered with an error. HTTP 404",
    } as const;
    expect(explainUnfinished({ state: "failed", failure })).toBe(
      "This job failed before anything worth reviewing was drafted: The site answered with an error. HTTP 404. Retry it from the list.",
    );
    expect(explainUnfinished({ state: "cancelled", failure: null })).toBe(
      "This job was cancelled before anything worth reviewing was drafted. Retry it from the list.",
    );
    expect(
      explainUnfinished({
        state: "failed",
        failure: { code: "timeout", message: "It took too long." },
      }),
    ).toMatch(/too long\. Retry it/);
  });
});

describe("the draft in the editor", () => {
  it("puts each drafted field in its place, the image as both images", () => {
    const values = draftToFormValues({
      name: { value: "Quill", source: "json-ld", evidence: "Quill" },
      pricingModel: { value: "Paid", source: "json-ld", evidence: "offers" },
      pricingAmount: { value: "$20/month", source: "json-ld", evidence: "20 USD" },
      seoTitle: { value: "Quill: write faster", source: "meta", evidence: "<title>" },
      seoDescription: { value: "Writes for you.", source: "meta", evidence: "description" },
      keyFeatures: { value: ["Drafts", "Edits"], source: "json-ld", evidence: "featureList" },
      mainImage: { value: "uploads/ab.webp", source: "meta", evidence: "og:image" },
    });
    expect(values).toMatchObject({
      name: "Quill",
      status: "online",
      pricing: { model: "Paid", amount: "$20/month" },
      seo: { titleTag: "Quill: write faster", metaDescription: "Writes for you." },
      keyFeatures: ["Drafts", "Edits"],
      mainImage: "uploads/ab.webp",
      image: "uploads/ab.webp",
      category: "",
    });
  });

  it("puts the drafted buyer facts and plans in the editor, and they save with the tool", () => {
    const page = "https://quill.example/security";
    const values = draftToFormValues({
      name: { value: "Quill", source: "json-ld", evidence: "Quill" },
      facts: {
        soc2: {
          value: "type2",
          source: "ai",
          evidenceUrl: page,
          quote: "Quill has a SOC 2 Type II report.",
          checkedAt: "2026-12-02",
        },
        integrations: {
          value: ["slack", "hubspot"],
          source: "ai",
          evidenceUrl: "https://quill.example/integrations",
          quote: "Get a message in Slack.",
          checkedAt: "2026-12-02",
        },
      },
      plans: [
        {
          name: "Pro",
          price: 19,
          currency: "USD",
          period: "month",
          unit: "per-user",
          note: "Billed annually",
          quote: "Pro $19 per user / month",
          evidenceUrl: "https://quill.example/pricing",
        },
      ],
    });
    expect(values.facts.soc2).toMatchObject({
      value: "type2",
      source: "ai",
      evidenceUrl: page,
      quote: "Quill has a SOC 2 Type II report.",
    });
    expect(values.facts.hipaa.value).toBe("unknown");
    const saved = toolInputSchema.parse(fromFormValues(values));
    expect(saved.facts).toEqual({
      soc2: {
        value: "type2",
        source: "ai",
        evidenceUrl: page,
        quote: "Quill has a SOC 2 Type II report.",
        checkedAt: "2026-12-02",
        reportDate: null,
      },
      integrations: {
        value: ["slack", "hubspot"],
        source: "ai",
        evidenceUrl: "https://quill.example/integrations",
        quote: "Get a message in Slack.",
        checkedAt: "2026-12-02",
      },
    });
    expect(saved.plans).toEqual([
      {
        name: "Pro",
        price: 19,
        currency: "USD",
        period: "month",
        unit: "per-user",
        note: "Billed annually",
      },
    ]);
  });

  it("a redraft replaces only its own field", () => {
    const before = draftToFormValues({
      seoTitle: { value: "Old", source: "meta", evidence: "Old" },
      pricingAmount: { value: "$5", source: "page", evidence: "$5" },
    });
    const after = applyDraftedField(before, "pricingModel", {
      value: "Freemium",
      source: "model",
      evidence: "Free plan",
    });
    expect(after.pricing).toEqual({ model: "Freemium", amount: "$5" });
    expect(after.seo.titleTag).toBe("Old");
  });
});

describe("the job list", () => {
  it("offers a review for ready drafts and for failed jobs that drafted more than the address", () => {
    expect(reviewLinkOf(job(1, "ready", { draftedFields: 6 }))).toBe("Review draft");
    expect(reviewLinkOf(job(2, "failed", { draftedFields: 1 }))).toBeNull();
    expect(reviewLinkOf(job(3, "failed", { draftedFields: 4 }))).toBe("Open what was drafted");
    const saved = { id: "t1", name: "Quill", path: "/ai-tools/quill" };
    expect(reviewLinkOf(job(4, "ready", { savedTool: saved }))).toBeNull();
    expect(reviewLinkOf(job(5, "drafting"))).toBeNull();
  });

  it("announces what finished, not every step", () => {
    const before = [job(1, "fetching"), job(2, "drafting"), job(3, "queued")];
    expect(describeChanges(before, [job(1, "reading"), job(2, "drafting"), job(3, "queued")])).toBe(
      "",
    );
    expect(
      describeChanges(before, [
        job(1, "ready"),
        job(2, "ready"),
        job(3, "failed"),
        job(4, "queued"),
      ]),
    ).toBe("1 address queued. 2 drafts ready. 1 failed.");
  });
});
