import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DRAFT_SOURCES, type ToolDraft } from "~/lib/ai-draft";
import { draftAddress } from "../server/services/ai-draft/draft-address.server";
import type { ModelSettings, TaxonomyEntry } from "../server/services/ai-draft/draft-types.server";
import { startFakeModel } from "../tests/support/fake-model-server";
import { startFixtureSites } from "../tests/support/fixture-sites";

// `npm run bench:ai-draft [-- --runs 20]`: the time per address of a whole draft
// (normalise, guarded fetch, read, check, draft, the pricing page and the main image stored with
// sharp), page-only and with an OpenAI-compatible model, over the loopback fixture sites and the
// fake model (so the time is ours, not a network's or a model's). Also how many fields each
// fixture page fills, and from which sources.

const args = process.argv.slice(2);
const runsIndex = args.indexOf("--runs");
const RUNS = runsIndex >= 0 ? Number(args[runsIndex + 1]) : 20;
const PAGES = ["/jsonld", "/meta-only", "/pricing", "/latin1"];
// A few of the demo catalogue's categories.
const TAXONOMY: TaxonomyEntry[] = [
  { category: "Video & Audio", subcategories: ["Transcription", "Voice Generation"] },
  { category: "Productivity", subcategories: ["Meeting Assistants", "Note Taking"] },
  { category: "Sales", subcategories: ["Lead Generation", "CRM"] },
  { category: "Marketing", subcategories: ["Content Creation", "SEO"] },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

function sourcesOf(draft: ToolDraft): string {
  const counts = new Map<string, number>();
  for (const field of Object.values(draft)) {
    counts.set(field.source, (counts.get(field.source) ?? 0) + 1);
  }
  return DRAFT_SOURCES.filter((source) => counts.has(source))
    .map((source) => `${source} ${counts.get(source)}`)
    .join(", ");
}

async function measure(url: string, model: ModelSettings | null, mediaDir: string) {
  const times: number[] = [];
  let draft: ToolDraft = {};
  let usedModel = false;
  for (let run = 0; run <= RUNS; run += 1) {
    const started = performance.now();
    const result = await draftAddress(url, {
      allowPrivate: true,
      mediaDir,
      taxonomy: TAXONOMY,
      model,
    });
    // The first run warms the modules and sharp up; it is not counted.
    if (run > 0) times.push(performance.now() - started);
    draft = result.draft;
    usedModel = result.usedModel;
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 0.5), p95: percentile(times, 0.95), draft, usedModel };
}

const sites = await startFixtureSites();
const fakeModel = await startFakeModel();
const mediaDir = await mkdtemp(path.join(tmpdir(), "bench-ai-draft-"));
const model: ModelSettings = { baseUrl: fakeModel.baseUrl, apiKey: "bench-key", model: "fake" };
try {
  console.log(`AI-assisted add: ${RUNS} drafts per page and mode (after one warm-up)\n`);
  console.log("page        mode        median ms  p95 ms  fields  sources");
  for (const page of PAGES) {
    for (const [mode, settings] of [
      ["page-only", null],
      ["fake model", model],
    ] as const) {
      const result = await measure(sites.url(page), settings, mediaDir);
      const fields = Object.keys(result.draft).length;
      console.log(
        [
          page.padEnd(11),
          mode.padEnd(11),
          result.median.toFixed(1).padStart(9),
          result.p95.toFixed(1).padStart(7),
          String(fields).padStart(7),
          ` ${sourcesOf(result.draft)}${settings && !result.usedModel ? " (model not used)" : ""}`,
        ].join(" "),
      );
    }
  }
} finally {
  await Promise.all([sites.close(), fakeModel.close()]);
  await rm(mediaDir, { recursive: true, force: true });
}
