import { describe, expect, it } from "vitest";
import { FACT_KEYS } from "~/lib/buyer-facts";
import type { ToolRow } from "#server/db/schema";
import {
  toCsvDocument,
  toJsonDocument,
} from "#server/services/import-export/catalogue-format.server";
import { toFlatTool } from "#server/services/import-export/export-catalogue.server";
import { planImport } from "#server/services/import-export/plan-import.server";
import { readCatalogueFile } from "#server/services/import-export/read-catalogue-file.server";
import { ALL_FACTS, PLANS } from "../buyer-facts-fixture";
import { createStoredToolRow } from "../factories";

// Facts and plans in import and export files: every fact key round-trips with its provenance,
// bare values are an import's facts checked that day, a public list's own columns are read as
// ours, and bad input names the row and the field.

const TODAY = "2026-12-02";

function storedTool(overrides: Partial<ToolRow> = {}): ToolRow {
  return createStoredToolRow({
    id: "t-facts",
    slug: "factful",
    name: "Factful",
    category: "Security",
    pricingModel: "Freemium",
    websiteUrl: "https://factful.example",
    facts: ALL_FACTS,
    plans: PLANS,
    ...overrides,
  });
}

function planOf(text: string, format: "csv" | "json", existing: ToolRow[] = []) {
  const reading = readCatalogueFile(text, format);
  if (!reading.ok) throw new Error(reading.message);
  return planImport(reading.rows, existing, TODAY);
}

/** A CSV file of one row: the name, then the given columns. */
const csv = (columns: Record<string, string>) =>
  `name,${Object.keys(columns).join(",")}\nFactful,${Object.values(columns)
    .map((cell) => `"${cell.replaceAll('"', '""')}"`)
    .join(",")}\n`;

describe("facts and plans in export and import", () => {
  it.each(["csv", "json"] as const)(
    "round-trips every fact key with its provenance, and the plans, through %s",
    (format) => {
      const tool = storedTool();
      const flat = toFlatTool(tool);
      const text = format === "csv" ? toCsvDocument([flat]) : toJsonDocument([flat]);
      const created = planOf(text.replace("t-facts", "t-copy"), format);
      expect(created.rejected).toEqual([]);
      expect(created.writes[0]!.values.facts).toEqual(ALL_FACTS);
      expect(Object.keys(created.writes[0]!.values.facts!).sort()).toEqual([...FACT_KEYS].sort());
      expect(created.writes[0]!.values.plans).toEqual(PLANS);
      // Imported back onto the tool it came from, it changes nothing.
      expect(planOf(text, format, [tool])).toMatchObject({
        writes: [],
        unchanged: [{ row: format === "csv" ? 2 : 1 }],
      });
    },
  );

  it("exports a column per fact key, each known fact as JSON and unknown ones empty", () => {
    const text = toCsvDocument([
      toFlatTool(storedTool({ facts: { sso: ALL_FACTS.sso }, plans: [] })),
    ]);
    const reading = readCatalogueFile(text, "csv");
    if (!reading.ok) throw new Error(reading.message);
    expect(reading.columns).toEqual(
      expect.arrayContaining([...FACT_KEYS.map((key) => `facts.${key}`), "plans"]),
    );
    const row = reading.rows[0]!.values as { facts: Record<string, unknown>; plans: unknown };
    expect(JSON.parse(row.facts.sso as string)).toEqual(ALL_FACTS.sso);
    expect(row.facts.scim).toBeNull();
    expect(row.plans).toBeNull();
  });

  it("writes a JSON export's facts and plans as objects", () => {
    const [tool] = JSON.parse(
      toJsonDocument([toFlatTool(storedTool({ facts: { api: ALL_FACTS.api } }))]),
    ) as Record<string, unknown>[];
    expect(tool!.facts).toEqual({ api: ALL_FACTS.api });
    expect(tool!.plans).toEqual(PLANS);
  });

  it("reads bare values as an import's facts, checked on the day of the import", () => {
    const plan = planOf(
      csv({
        "facts.sso": "Yes",
        "facts.soc2": "type2",
        "facts.data-regions": "eu|US",
        "facts.integrations": "slack|hubspot",
        "facts.free-trial": "14",
        "facts.retention": "30 days",
        "facts.scim": "unknown",
        "facts.mfa": "",
        plans: '[{"name":"Pro","price":"19","period":"month","unit":"per-user"}]',
      }),
      "csv",
    );
    expect(plan.rejected).toEqual([]);
    const imported = { source: "import", evidenceUrl: null, quote: null, checkedAt: TODAY };
    expect(plan.writes[0]!.values.facts).toEqual({
      sso: { value: "yes", ...imported },
      soc2: { value: "type2", ...imported },
      "data-regions": { value: ["eu", "us"], ...imported },
      integrations: { value: ["slack", "hubspot"], ...imported },
      "free-trial": { value: 14, ...imported },
      retention: { value: "30 days", ...imported },
    });
    expect(plan.writes[0]!.values.plans).toEqual([
      { name: "Pro", price: 19, currency: "USD", period: "month", unit: "per-user", note: null },
    ]);
  });

  it("reads a JSON file's bare facts the same way", () => {
    const plan = planOf(
      JSON.stringify([
        {
          name: "Factful",
          facts: { sso: "yes", "data-regions": ["eu"], "free-trial": 7, scim: null },
        },
      ]),
      "json",
    );
    expect(plan.writes[0]!.values.facts).toEqual({
      sso: { value: "yes", source: "import", evidenceUrl: null, quote: null, checkedAt: TODAY },
      "data-regions": {
        value: ["eu"],
        source: "import",
        evidenceUrl: null,
        quote: null,
        checkedAt: TODAY,
      },
      "free-trial": {
        value: 7,
        source: "import",
        evidenceUrl: null,
        quote: null,
        checkedAt: TODAY,
      },
    });
  });

  it("updates only the facts a row names: an empty cell forgets the fact, a missing column keeps it", () => {
    const tool = storedTool();
    const plan = planOf(`id,name,facts.sso,facts.scim\nt-facts,Factful,,yes\n`, "csv", [tool]);
    expect(plan.rejected).toEqual([]);
    const facts = plan.writes[0]!.values.facts!;
    expect(facts.sso).toBeUndefined();
    expect(facts.scim).toEqual({
      value: "yes",
      source: "import",
      evidenceUrl: null,
      quote: null,
      checkedAt: TODAY,
    });
    expect(facts.soc2).toEqual(ALL_FACTS.soc2);
    expect(plan.writes[0]!.values.plans).toEqual(PLANS);
    expect(plan.writes[0]!.changed).toEqual(["facts"]);
  });

  it("reads a public list's own columns as ours, its facts checked on its last_verified day", () => {
    const text =
      "name,official_url,primary_category,secondary_category,pricing_model,platform,short_description,open_source,api_available,last_verified\n" +
      'Listed,https://listed.example/,Customer support,Sales and CRM,Paid; Free Trial,Web; API; CLI,"Answers support tickets.",false,true,2026-08-18\n' +
      "Second,https://second.example/,Video,,Free; Open Source,,Edits video.,true,false,\n";
    const plan = planOf(text, "csv");
    expect(plan.rejected).toEqual([]);
    const [listed, second] = plan.writes.map((write) => write.values);
    const verified = { source: "import", evidenceUrl: null, quote: null, checkedAt: "2026-08-18" };
    expect(listed).toMatchObject({
      websiteUrl: "https://listed.example/",
      category: "Customer support",
      subCategory: "Sales and CRM",
      cardDescription: "Answers support tickets.",
      pricingModel: "Paid",
      facts: {
        "open-source": { value: "no", ...verified },
        api: { value: "yes", ...verified },
        platforms: { value: ["web", "api"], ...verified },
      },
    });
    expect(second).toMatchObject({
      pricingModel: "Free",
      facts: {
        "open-source": { value: "yes", source: "import", checkedAt: TODAY },
        api: { value: "no", source: "import", checkedAt: TODAY },
      },
    });
    expect(second!.facts!.platforms).toBeUndefined();
  });

  it("reads a public list's JSON with its arrays and booleans", () => {
    const plan = planOf(
      JSON.stringify([
        {
          name: "Listed",
          pricing_model: ["Free", "Paid"],
          platform: ["macOS", "Browser Extension"],
          open_source: true,
          api_available: false,
        },
      ]),
      "json",
    );
    expect(plan.writes[0]!.values).toMatchObject({
      pricingModel: "Freemium",
      facts: {
        platforms: { value: ["macos", "chrome-extension"] },
        "open-source": { value: "yes" },
        api: { value: "no" },
      },
    });
  });
});

describe("bad facts and plans in a file", () => {
  const reasonsOf = (text: string, format: "csv" | "json" = "csv") => {
    const plan = planOf(text, format);
    expect(plan.writes).toEqual([]);
    return plan.rejected;
  };

  it("names the row and the field of a price that is not a number", () => {
    expect(
      reasonsOf(csv({ plans: '[{"name":"Pro","price":"nineteen","period":"month"}]' })),
    ).toEqual([
      { row: 2, name: "Factful", reasons: ["plans.0.price: The price must be a number."] },
    ]);
  });

  it("names the row and the field of a plan without a period", () => {
    expect(
      reasonsOf(
        csv({ plans: '[{"name":"Free","price":0,"period":"month"},{"name":"Pro","price":19}]' }),
      ),
    ).toEqual([
      {
        row: 2,
        name: "Factful",
        reasons: ["plans.1.period: Choose the plan's period: month, year, one-time, usage."],
      },
    ]);
  });

  it("names the row and the field of a region outside the list", () => {
    expect(reasonsOf(csv({ "facts.data-regions": "eu|mars" }))).toEqual([
      {
        row: 2,
        name: "Factful",
        reasons: [
          "facts.data-regions.value: Each region must be one of: eu, us, uk, ca, au, other.",
        ],
      },
    ]);
  });

  it("refuses an unknown fact column as a whole file, naming it and the fact columns", () => {
    const reading = readCatalogueFile(
      csv({ "facts.sso": "yes", "facts.blockchain": "yes" }),
      "csv",
    );
    expect(reading).toEqual({
      ok: false,
      message: `Row 1 (the header): the column "facts.blockchain" names no fact. The fact columns are: ${FACT_KEYS.map((key) => `facts.${key}`).join(", ")}.`,
    });
  });

  it("names the row of an unknown fact key in a JSON file", () => {
    expect(
      planOf(
        JSON.stringify([{ name: "Factful" }, { name: "Other", facts: { blockchain: "yes" } }]),
        "json",
      ).rejected,
    ).toEqual([
      {
        row: 2,
        name: "Other",
        reasons: [`facts: Unknown fact "blockchain": the facts are ${FACT_KEYS.join(", ")}.`],
      },
    ]);
  });

  it("names a fact cell or a plans cell that is not the JSON it starts as", () => {
    expect(reasonsOf(csv({ "facts.sso": '{"value": "yes"', plans: "[{" }))).toEqual([
      {
        row: 2,
        name: "Factful",
        reasons: [
          'facts.sso: the cell starts with "{" but is not a JSON object.',
          'plans: the cell must be a JSON list of plans, such as [{"name":"Pro","price":19,"period":"month","unit":"per-user"}].',
        ],
      },
    ]);
  });

  it("names a public list's value outside its vocabulary", () => {
    expect(reasonsOf("name,platform,open_source\nListed,Web; Smart TV,maybe\n")).toEqual([
      {
        row: 2,
        name: "Listed",
        reasons: [
          'open_source: "maybe" must be true or false. platform: "smart tv" is not a platform this directory knows (Web, Windows, macOS, Linux, iOS, Android, API, Browser Extension; CLI, VS Code, JetBrains and Discord are left out).',
        ],
      },
    ]);
  });
});
