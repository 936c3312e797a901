import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FACT_KEYS } from "~/lib/buyer-facts";
import { EMPTY_TOOL_INPUT, toolInputSchema } from "~/lib/tool-input";
import { AppError } from "#server/core/errors.server";
import type { DatabaseHandle } from "#server/db/client.server";
import { tools } from "#server/db/schema";
import { toolEditOf } from "#server/routes/admin-tool-edit.server";
import { createTool, updateTool } from "#server/services/admin/save-tool.server";
import { exportCatalogue } from "#server/services/import-export/export-catalogue.server";
import { importCatalogue } from "#server/services/import-export/import-catalogue.server";
import { getToolDetail } from "#server/services/tools/get-tool-detail.server";
import { ALL_FACTS, PLANS } from "../buyer-facts-fixture";
import { databaseKind, openTestDatabase } from "./test-database";

// Buyer facts and plans through the admin writes on a real database: what the editor saves, an
// import writes and the export gives is what GET /api/tools/:id answers; bad input saves nothing.

const ACTOR = { id: "admin-1", email: "admin@example.com" };

describe(`buyer facts and plans written on ${databaseKind}`, () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const toolCount = async () =>
    Number((await database.db.select({ n: count() }).from(tools))[0]!.n);
  const importText = (text: string, format: "csv" | "json", dryRun = false) =>
    importCatalogue(database.db, ACTOR, { name: `facts.${format}`, format, text }, { dryRun });

  it("saves every fact key and the plans from the editor, and the API answers them", async () => {
    const { tool } = toolEditOf({
      tool: { ...EMPTY_TOOL_INPUT, name: "Editor Facts", facts: ALL_FACTS, plans: PLANS },
    });
    const saved = await createTool(database.db, ACTOR, tool);
    const detail = await getToolDetail(database.db, saved.id);
    expect(detail!.facts).toEqual(ALL_FACTS);
    expect(Object.keys(detail!.facts).sort()).toEqual([...FACT_KEYS].sort());
    expect(detail!.plans).toEqual(PLANS);

    const edited = toolInputSchema.parse({
      ...EMPTY_TOOL_INPUT,
      name: "Editor Facts",
      facts: { ...ALL_FACTS, sso: "unknown", scim: { ...ALL_FACTS.scim, value: "yes" } },
      plans: PLANS.slice(1),
    });
    await updateTool(database.db, ACTOR, saved.id, edited);
    const after = await getToolDetail(database.db, saved.id);
    expect(after!.facts.sso).toBeUndefined();
    expect(after!.facts.scim).toEqual({ ...ALL_FACTS.scim, value: "yes" });
    expect(after!.plans).toEqual(PLANS.slice(1));
  });

  it("refuses an edit naming the fact's and the plan's field, as the admin API answers", () => {
    const edit = {
      tool: {
        ...EMPTY_TOOL_INPUT,
        name: "Bad Facts",
        facts: {
          sso: {
            value: "yes",
            source: "editor",
            evidenceUrl: "security page",
            checkedAt: "2026-12-02",
          },
          "data-regions": { value: ["eu", "mars"], source: "editor", checkedAt: "2026-12-02" },
        },
        plans: [
          { name: "Free", price: 0, period: "month" },
          { name: "Pro", price: "nineteen", unit: "per-user" },
        ],
      },
    };
    let error: unknown;
    try {
      toolEditOf(edit);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).fields).toEqual({
      "facts.sso.evidenceUrl":
        "The evidence must be a web address that starts with http:// or https://.",
      "facts.data-regions.value": "Each region must be one of: eu, us, uk, ca, au, other.",
      "plans.1.price": "The price must be a number.",
      "plans.1.period": "Choose the plan's period: month, year, one-time, usage.",
    });
    expect(() => toolEditOf({ tool: { name: "X", facts: { blockchain: "yes" } } })).toThrow(
      expect.objectContaining({
        fields: { facts: `Unknown fact "blockchain": the facts are ${FACT_KEYS.join(", ")}.` },
      }),
    );
  });

  it.each(["csv", "json"] as const)(
    "imports every fact key and the plans from a %s export, as the API then answers",
    async (format) => {
      const source = await createTool(database.db, ACTOR, {
        ...toolInputSchema.parse({ ...EMPTY_TOOL_INPUT, name: `Exported ${format}` }),
        facts: ALL_FACTS,
        plans: PLANS,
        websiteUrl: `https://exported-${format}.example`,
      });
      const { text } = await exportCatalogue(database.db, format);
      await database.db.delete(tools);

      const report = await importText(text, format);
      expect(report).toMatchObject({ status: "succeeded", rejected: 0 });
      const detail = await getToolDetail(database.db, source.id);
      expect(detail!.facts).toEqual(ALL_FACTS);
      expect(detail!.plans).toEqual(PLANS);
      // The export of what was imported is the file it came from.
      expect((await exportCatalogue(database.db, format)).text).toBe(text);
    },
  );

  it("imports nothing when one row has a bad fact or plan", async () => {
    const before = await toolCount();
    const text =
      "name,facts.sso,facts.data-regions,plans\n" +
      "Good Row,yes,eu,\n" +
      'Bad Row,yes,eu|mars,"[{""name"":""Pro"",""price"":""nineteen""}]"\n';
    const report = await importText(text, "csv");
    expect(report).toMatchObject({ status: "rejected", rejected: 1 });
    expect(report.problems).toEqual([
      {
        row: 3,
        name: "Bad Row",
        reasons: [
          "facts.data-regions.value: Each region must be one of: eu, us, uk, ca, au, other.",
          "plans.0.price: The price must be a number.",
          "plans.0.period: Choose the plan's period: month, year, one-time, usage.",
        ],
      },
    ]);
    expect(await toolCount()).toBe(before);
  });
});
