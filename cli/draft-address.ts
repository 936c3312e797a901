import {
  DRAFT_SOURCE_LABELS,
  DRAFTED_FIELDS,
  type DraftedBuyerFacts,
  type ToolDraft,
} from "~/lib/ai-draft";
import { FACT_KEYS, formatFactValue } from "~/lib/buyer-facts";
import { formatPlanPrice } from "~/lib/pricing-plans";
import type { Database } from "../server/db/client.server";
import { DataDirLockedError } from "../server/db/lock.server";
import { openDatabase } from "../server/db/open-database.server";
import { EnvError, loadEnv } from "../server/core/env.server";
import { listTaxonomySuggestions } from "../server/services/admin/list-taxonomy-suggestions.server";
import { modelSettingsOf } from "../server/services/ai-draft/ai-draft-services.server";
import {
  DraftAddressFailure,
  draftAddress,
} from "../server/services/ai-draft/draft-address.server";
import { findDuplicateTool } from "../server/services/ai-draft/find-duplicate-tool.server";

// `npm run catalogue -- draft <url> [--json]`: the admin page's draft of one address, printed
// field by field with its source and evidence, then its buyer facts and plans with their quotes
// (under `draft.facts` and `draft.plans` in JSON). It writes nothing (the main image's address is
// printed, not stored). With PGlite held by a running server it drafts without the taxonomy and
// the duplicate check, and says so.

const LOCKED_NOTE =
  "The database is in use by a running server: drafted without the catalogue's categories and without the duplicate check.";

export async function printDraft(address: string, asJson: boolean): Promise<number> {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const notes: string[] = [];
  let database: Awaited<ReturnType<typeof openDatabase>> | null = null;
  try {
    database = await openDatabase(env);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    notes.push(LOCKED_NOTE);
  }
  const db: Database | null = database?.db ?? null;
  const model = modelSettingsOf(env);
  if (!model) notes.push("No LLM_BASE_URL and LLM_MODEL: a page-only draft.");
  let shownStep: string | null = null;
  // A step reports its progress many times ("Fetched 12 KB"); each step is printed once.
  const showStep = (state: string) => {
    if (state !== shownStep) process.stderr.write(`${state}...\n`);
    shownStep = state;
  };
  try {
    const drafted = await draftAddress(address, {
      allowPrivate: env.FETCH_ALLOW_PRIVATE,
      taxonomy: db ? await listTaxonomySuggestions(db) : [],
      model,
      findDuplicate: db ? (siteKey) => findDuplicateTool(db, siteKey) : undefined,
      onStep: asJson ? undefined : showStep,
    });
    const imageUrl = drafted.page?.imageUrl ?? null;
    if (asJson) {
      console.log(
        JSON.stringify(
          {
            ok: true,
            finalUrl: drafted.finalUrl,
            usedModel: drafted.usedModel,
            modelProblem: drafted.modelProblem,
            imageUrl,
            draft: { ...drafted.draft, ...drafted.buyerFacts },
            notes,
          },
          null,
          2,
        ),
      );
      return 0;
    }
    for (const note of notes) console.log(`Note: ${note}`);
    console.log(`Draft of ${drafted.finalUrl}`);
    console.log(
      drafted.usedModel
        ? `Drafted with the model ${model?.model ?? ""}.`
        : drafted.modelProblem
          ? `The model's draft was not used: ${drafted.modelProblem}`
          : "Drafted from the page alone.",
    );
    printFields(drafted.draft);
    printBuyerFacts(drafted.buyerFacts);
    console.log(
      imageUrl ? `Main image (not stored by the CLI): ${imageUrl}` : "No main image found.",
    );
    return 0;
  } catch (error) {
    if (!(error instanceof DraftAddressFailure)) throw error;
    if (asJson) {
      console.log(
        JSON.stringify(
          {
            ok: false,
            failure: { code: error.code, message: error.message },
            duplicateOf: error.duplicateOf,
            draft: error.partial,
            notes,
          },
          null,
          2,
        ),
      );
      return 1;
    }
    for (const note of notes) console.log(`Note: ${note}`);
    console.log(`Failed (${error.code}): ${error.message}`);
    if (error.duplicateOf) console.log(`The catalogue tool: ${error.duplicateOf.path}`);
    printFields(error.partial);
    return 1;
  } finally {
    await database?.close();
  }
}

function printBuyerFacts({ facts = {}, plans = [], evidencePages = [] }: DraftedBuyerFacts): void {
  for (const page of evidencePages) {
    console.log(
      page.problem
        ? `Skipped the ${page.topic} page ${page.url}: ${page.problem}`
        : `Read the ${page.topic} page ${page.url}`,
    );
  }
  for (const key of FACT_KEYS) {
    const fact = facts[key];
    if (!fact) continue;
    console.log(`fact ${key}: ${formatFactValue(key, fact.value)}`);
    console.log(`  evidence: "${fact.quote ?? ""}" (${fact.evidenceUrl ?? ""})`);
  }
  for (const plan of plans) {
    console.log(`plan ${plan.name}: ${formatPlanPrice(plan)}${plan.note ? ` (${plan.note})` : ""}`);
    console.log(`  evidence: "${plan.quote}" (${plan.evidenceUrl})`);
  }
}

function printFields(draft: ToolDraft): void {
  for (const field of DRAFTED_FIELDS) {
    const drafted = draft[field];
    if (!drafted) continue;
    const value = Array.isArray(drafted.value) ? drafted.value.join(" | ") : String(drafted.value);
    const proposal = drafted.proposal ? " (a new one: a proposal)" : "";
    console.log(`${field}: ${value}${proposal}`);
    console.log(
      `  source: ${DRAFT_SOURCE_LABELS[drafted.source]}; evidence: "${drafted.evidence}"`,
    );
  }
}
