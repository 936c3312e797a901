import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { SnapshotKeeper } from "../server/snapshot/snapshot-keeper.server";
import { openPglite, openPostgres, type DatabaseHandle } from "../server/db/client.server";
import type { ToolRow } from "../server/db/schema";
import { LIVE_CHANNEL, parseLiveEvent } from "../server/live/live-events.server";
import { generateDemoCatalogue } from "../server/seed/demo-catalogue.server";
import { updateTool } from "../server/services/admin/save-tool.server";
import { rowToInput } from "../server/services/admin/tool-input-rows.server";
import { toCsvDocument } from "../server/services/import-export/catalogue-format.server";
import { toFlatTool } from "../server/services/import-export/export-catalogue.server";
import { importCatalogue } from "../server/services/import-export/import-catalogue.server";
import { createScratchDatabase } from "../tests/scratch-database";

// `npm run bench:import [-- --tools 10000] [-- --postgres postgres://…]`: imports a CSV
// of N generated tools into an empty catalogue (dry run, real run, the same file again, a file
// that changes every tool), then measures how long a saved edit takes to reach a listening
// server's catalogue snapshot (what the browse page reads). With PostgreSQL the listener is a
// second connection, as a second app server would be.

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const TOOLS = Number(option("tools") ?? 10_000);
const POSTGRES = option("postgres") ?? process.env.TEST_DATABASE_URL;
const SAVE_SAMPLES = 20;
const ACTOR = { id: "bench", email: "bench@example.com" };

const rows = generateDemoCatalogue(TOOLS).tools as ToolRow[];
const flat = rows.map((row) =>
  toFlatTool({ ...row, likesTotal: 0, createdAt: row.createdAt ?? new Date() }),
);
const csv = toCsvDocument(flat);
const changed = toCsvDocument(
  flat.map((tool) => ({ ...tool, cardDescription: `${tool.cardDescription ?? ""} Updated.` })),
);

const scratch = POSTGRES ? await createScratchDatabase(POSTGRES, "bench_import") : null;
const dataDir = scratch ? null : await mkdtemp(path.join(tmpdir(), "bench-import-"));
const open = (): Promise<DatabaseHandle> =>
  scratch ? openPostgres(scratch.url) : openPglite(path.join(dataDir!, "pglite"));
const writer = await open();
await writer.migrate();
const reader = scratch ? await open() : writer;

console.log(
  `Import of ${TOOLS.toLocaleString("en-US")} tools on ${scratch ? "PostgreSQL" : "PGlite"} (CSV ${(csv.length / 1024 / 1024).toFixed(1)} MB)`,
);
async function timed(label: string, text: string, dryRun: boolean) {
  const started = performance.now();
  const report = await importCatalogue(
    writer.db,
    ACTOR,
    { name: "bench.csv", format: "csv", text },
    { dryRun },
  );
  const ms = performance.now() - started;
  console.log(
    `  ${label.padEnd(28)} ${ms.toFixed(0).padStart(6)} ms  created ${report.created}, updated ${report.updated}, unchanged ${report.unchanged}, rejected ${report.rejected}`,
  );
}
await timed("dry run (all new)", csv, true);
await timed("import (all new)", csv, false);
await timed("same file again (no-op)", csv, false);
await timed("every tool changed", changed, false);

const snapshotKeeper = new SnapshotKeeper(reader.db);
await snapshotKeeper.reload();
const stop = await reader.listen(LIVE_CHANNEL, (payload) => {
  const event = parseLiveEvent(payload);
  if (event) snapshotKeeper.apply(event);
});
const saveMs: number[] = [];
const visibleMs: number[] = [];
for (let sample = 0; sample < SAVE_SAMPLES; sample++) {
  const row = rows[sample * 7]!;
  const description = `Edited in sample ${sample}.`;
  const started = performance.now();
  await updateTool(writer.db, ACTOR, row.id, {
    ...rowToInput({ ...row } as ToolRow),
    cardDescription: description,
  });
  saveMs.push(performance.now() - started);
  while (snapshotKeeper.snapshot.byId.get(row.id)?.cardDescription !== description) {
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  visibleMs.push(performance.now() - started);
}
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;
console.log(`Save to visible in the snapshot the browse page reads (${SAVE_SAMPLES} edits):`);
console.log(
  `  save (transaction)          median ${median(saveMs).toFixed(0)} ms, p95 ${p95(saveMs).toFixed(0)} ms`,
);
console.log(
  `  visible                     median ${median(visibleMs).toFixed(0)} ms, p95 ${p95(visibleMs).toFixed(0)} ms`,
);

await stop();
if (reader !== writer) await reader.close();
await writer.close();
await scratch?.drop();
if (dataDir) await rm(dataDir, { recursive: true, force: true });
