import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { MAX_PAGE_SIZE } from "~/lib/constants";
import type { ToolCard } from "~/lib/tool";
import { toolQuerySchema } from "~/lib/tool-query";
import type { ToolRow } from "../server/db/schema";
import { generateDemoCatalogue } from "../server/seed/demo-catalogue.server";
import { findTools } from "../server/services/tools/find-tools.server";
import { snapshotOfRows } from "../server/snapshot/snapshot-keeper.server";
import type { CatalogueSnapshot } from "../server/snapshot/snapshot.server";
import { readToolsCsv } from "./read-tools-csv";
import { printAlignedTable } from "./aligned-table";

// `npm run bench:relevance [-- tools.csv queries.json]`: how well search answers judged queries.
// Each query of the file (bench/relevance/demo-queries.json for the demo catalogue) names the
// tools a good answer shows in its first 5, by id, slug or name. Every query runs through the
// whole catalogue query (findTools, sort Relevance), as the browse page asks it. Reports recall
// at 5 (the share of a query's expected tools in its first 5, averaged over queries) and mean
// reciprocal rank (1 / the rank of the first expected tool among all results, 0 if none),
// overall and per kind, then every query that misses an expected tool in its first 5 with what
// came first. With a CSV and a queries file, the same for that catalogue (read as bench:search
// reads one).

const TOP = 5;
const SHOWN_FIRST = 3;

const KINDS = ["name", "task", "typo", "word-form", "join", "synonym", "multi-word"] as const;

const queriesFileSchema = z.object({
  about: z.string().optional(),
  queries: z
    .array(
      z.object({
        query: z.string().min(1),
        kind: z.enum(KINDS),
        expect: z.array(z.string().min(1)).min(1).max(3),
        note: z.string().optional(),
      }),
    )
    .min(1),
});

type JudgedQuery = z.infer<typeof queriesFileSchema>["queries"][number];

interface Outcome {
  judged: JudgedQuery;
  /** Ranks (1-based) of the expected tools among all results; null when not found. */
  ranks: (number | null)[];
  recall: number;
  reciprocalRank: number;
  first: readonly ToolCard[];
  total: number;
}

function readQueries(path: string): JudgedQuery[] {
  return queriesFileSchema.parse(JSON.parse(readFileSync(path, "utf8"))).queries;
}

/** Every result of the query, in the catalogue query's order (at most the spec's 1,000). */
function allResults(snapshot: CatalogueSnapshot, search: string) {
  const query = toolQuerySchema.parse({ search, sort: "Relevance", limit: MAX_PAGE_SIZE });
  return findTools(snapshot, query);
}

/**
 * The tools a reference (id, slug or name, case-insensitive) stands for: a list of real tools
 * may hold one tool under several rows of the same name, and any of them counts.
 */
function resolver(snapshot: CatalogueSnapshot): (reference: string) => ReadonlySet<string> {
  const byKey = new Map<string, Set<string>>();
  const add = (key: string, id: string) => {
    const ids = byKey.get(key.toLowerCase()) ?? new Set<string>();
    byKey.set(key.toLowerCase(), ids.add(id));
  };
  for (const tool of snapshot.tools) {
    add(tool.id, tool.id);
    add(tool.slug, tool.id);
    add(tool.name, tool.id);
  }
  return (reference) => {
    const ids = byKey.get(reference.toLowerCase());
    if (!ids) throw new Error(`expected tool "${reference}" is not in the catalogue`);
    return ids;
  };
}

function judge(snapshot: CatalogueSnapshot, queries: readonly JudgedQuery[]): Outcome[] {
  const idOf = resolver(snapshot);
  return queries.map((judged) => {
    const expected = judged.expect.map(idOf);
    const results = allResults(snapshot, judged.query);
    const rankOf = new Map(results.tools.map((tool, index) => [tool.id, index + 1]));
    const ranks = expected.map((ids) => {
      const found = [...ids].flatMap((id) => rankOf.get(id) ?? []);
      return found.length > 0 ? Math.min(...found) : null;
    });
    const found = ranks.filter((rank): rank is number => rank !== null);
    return {
      judged,
      ranks,
      recall: ranks.filter((rank) => rank !== null && rank <= TOP).length / ranks.length,
      reciprocalRank: found.length > 0 ? 1 / Math.min(...found) : 0,
      first: results.tools.slice(0, SHOWN_FIRST),
      total: results.total,
    };
  });
}

const mean = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;

function printMetrics(outcomes: readonly Outcome[]): void {
  const row = (label: string, group: readonly Outcome[]) => [
    label,
    String(group.length),
    mean(group.map((outcome) => outcome.recall)).toFixed(3),
    mean(group.map((outcome) => outcome.reciprocalRank)).toFixed(3),
    String(group.filter((outcome) => outcome.recall < 1).length),
  ];
  const kinds = KINDS.filter((kind) => outcomes.some((outcome) => outcome.judged.kind === kind));
  printAlignedTable(
    ["kind", "queries", `recall@${TOP}`, "MRR", "failed"],
    [
      ...kinds.map((kind) =>
        row(
          kind,
          outcomes.filter((outcome) => outcome.judged.kind === kind),
        ),
      ),
      row("all", outcomes),
    ],
  );
}

function printFailures(outcomes: readonly Outcome[]): void {
  const failed = outcomes.filter((outcome) => outcome.recall < 1);
  console.log(`\nfailed (an expected tool not in the first ${TOP}): ${failed.length}`);
  for (const { judged, ranks, first, total } of failed) {
    const expected = judged.expect
      .map((reference, index) => `${reference} @${ranks[index] ?? "-"}`)
      .join(", ");
    const shown = first.map((tool) => `${tool.name} (${tool.subCategory ?? "-"})`).join("; ");
    console.log(
      `- [${judged.kind}] "${judged.query}": expected ${expected}; ${total} results` +
        (shown ? `, first: ${shown}` : ""),
    );
  }
}

function benchRelevance(label: string, snapshot: CatalogueSnapshot, queriesPath: string): void {
  const queries = readQueries(queriesPath);
  const started = performance.now();
  const outcomes = judge(snapshot, queries);
  console.log(
    `\n${label}: ${snapshot.tools.length} tools, ${queries.length} judged queries from ` +
      `${queriesPath} (${(performance.now() - started).toFixed(0)} ms)`,
  );
  printMetrics(outcomes);
  printFailures(outcomes);
}

const DEMO_QUERIES = fileURLToPath(new URL("relevance/demo-queries.json", import.meta.url));

const [csvPath, queriesPath] = process.argv.slice(2);
if (csvPath && !queriesPath) {
  throw new Error("usage: npm run bench:relevance [-- tools.csv queries.json]");
}
benchRelevance(
  "demo catalogue",
  snapshotOfRows(generateDemoCatalogue().tools as ToolRow[]),
  DEMO_QUERIES,
);
if (csvPath && queriesPath) {
  benchRelevance(csvPath, snapshotOfRows(readToolsCsv(csvPath)), queriesPath);
}
