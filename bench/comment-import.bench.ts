import { execFileSync } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { once } from "node:events";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { toolPath } from "~/lib/paths";
import { openPglite, openPostgres, type DatabaseHandle } from "../server/db/client.server";
import { tools } from "../server/db/schema";
import { seedDemoCatalogue } from "../server/seed/seed-demo.server";
import { importComments } from "../server/services/comment-import/import-comments.server";
import { openCommentFile } from "../server/services/comment-import/open-comment-file.server";
import { createScratchDatabase } from "../tests/scratch-database";

// `npm run bench:comment-import [-- --posts 100000] [-- --postgres postgres://…]`: writes
// a Disqus export of N posts to a temporary file (streamed), imports it into a fresh PGlite (and
// PostgreSQL when TEST_DATABASE_URL or --postgres is set): dry run, import, the same file again.
// Then the streaming check: dry runs of two exports with the same posts, one of about 100 MB, in
// processes of their own, compare their peak memory. Each scenario runs in a child process, so
// its RSS high-water mark is its own.

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const POSTS = Number(option("posts") ?? 100_000);
const POSTGRES = option("postgres") ?? process.env.TEST_DATABASE_URL;
const ACTOR = { id: null, email: "bench@example.com" };
const TOOLS = 1_200;
const THREADS = 4_000;
/** The V8 heap of the streaming runs: less than a 100 MB export takes as a string (200 MB). */
const HEAP_CAP_MB = 160;

/** Deterministic pseudo-random numbers, so every run imports the same file. */
function createRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const WORDS =
  "the tool saves hours every week for our team and the pricing is fair but support could answer faster when exports fail".split(
    " ",
  );

/** An export like Disqus writes it, thread by thread: replies, spam, deleted posts, links. */
async function writeExport(
  file: string,
  toolPaths: string[],
  posts: number,
  messageChars: number,
): Promise<number> {
  const random = createRandom(17);
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  await write(`<?xml version="1.0" encoding="utf-8"?>
<disqus xmlns="http://disqus.com" xmlns:dsq="http://disqus.com/disqus-internals">
  <category dsq:id="1"><forum>oldsite</forum><title>General</title><isDefault>true</isDefault></category>
`);
  for (let thread = 1; thread <= THREADS; thread++) {
    const target = toolPaths[thread % toolPaths.length]!;
    // One thread in 20 is a page that is no tool; some link through /tool/ aliases.
    const link =
      thread % 20 === 0
        ? `https://www.old-site.example/blog/post-${thread}/`
        : thread % 7 === 0
          ? `https://old-site.example/tool/${target.split("/").at(-1)}?ref=${thread}`
          : `https://www.old-site.example${target}/`;
    await write(`  <thread dsq:id="${thread}">
    <id>page-${thread}</id><forum>oldsite</forum><category dsq:id="1" />
    <link>${link}</link><title>Page ${thread}</title><message />
    <createdAt>2018-01-01T00:00:00Z</createdAt>
    <author><email>owner@old-site.example</email><name>Owner</name><isAnonymous>false</isAnonymous></author>
    <isClosed>false</isClosed><isDeleted>false</isDeleted>
  </thread>
`);
  }
  // Each thread's latest posts: a reply answers one of them (its own thread's).
  const recent: number[][] = Array.from({ length: THREADS + 1 }, () => []);
  for (let post = 1; post <= posts; post++) {
    const thread = 1 + Math.floor(random() * THREADS);
    const earlier = recent[thread]!;
    const isReply = earlier.length > 0 && random() < 0.3;
    const parent = isReply ? earlier[Math.floor(random() * earlier.length)]! : 0;
    earlier.push(post);
    if (earlier.length > 5) earlier.shift();
    let message = "";
    while (message.length < messageChars) {
      message += `${WORDS[Math.floor(random() * WORDS.length)]} `;
    }
    const html = `<p>${message.trim()} <a href="https://disq.us/url?url=https%3A%2F%2Fexample.com%2F${post}%3Aab12">link</a></p>`;
    await write(`  <post dsq:id="${post}">
    <id /><message><![CDATA[${html}]]></message>
    <createdAt>2019-${String(1 + (post % 12)).padStart(2, "0")}-${String(1 + (post % 28)).padStart(2, "0")}T10:00:00Z</createdAt>
    <isDeleted>${random() < 0.01 ? "true" : "false"}</isDeleted>
    <isSpam>${random() < 0.02 ? "true" : "false"}</isSpam>
    <author><email>person${post}@example.com</email><name>Person ${post % 5000}</name><isAnonymous>false</isAnonymous><username>p${post}</username></author>
    <ipAddress>10.0.0.1</ipAddress>
    <thread dsq:id="${thread}" />${isReply ? `\n    <parent dsq:id="${parent}" />` : ""}
  </post>
`);
  }
  await write("</disqus>\n");
  out.end();
  await once(out, "close");
  return (await stat(file)).size;
}

/** The highest RSS and V8 heap seen while `work` runs, sampled every 20 ms. */
async function peakRssOf<T>(
  work: () => Promise<T>,
): Promise<{ result: T; peakMb: number; peakHeapMb: number }> {
  let peak = process.memoryUsage.rss();
  let peakHeap = process.memoryUsage().heapUsed;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage.rss());
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  };
  const timer = setInterval(sample, 20);
  try {
    const result = await work();
    sample();
    return { result, peakMb: peak / 1024 / 1024, peakHeapMb: peakHeap / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface ScenarioResult {
  lines: string[];
}

async function openDatabase(kind: "pglite" | "postgres", dir: string) {
  if (kind === "pglite") {
    const handle = await openPglite(path.join(dir, "pglite"));
    await handle.migrate();
    return { handle, drop: async () => {} };
  }
  const scratch = await createScratchDatabase(POSTGRES!, "bench_comments");
  const handle: DatabaseHandle = await openPostgres(scratch.url);
  await handle.migrate();
  return { handle, drop: () => scratch.drop() };
}

/** Child: import N posts into a fresh database (dry run, import, again). */
async function runImport(kind: "pglite" | "postgres"): Promise<ScenarioResult> {
  const dir = await mkdtemp(path.join(tmpdir(), "bench-comments-"));
  const { handle, drop } = await openDatabase(kind, dir);
  try {
    await seedDemoCatalogue(handle.db, TOOLS);
    const rows = await handle.db
      .select({ slug: tools.slug, category: tools.category, subCategory: tools.subCategory })
      .from(tools);
    const file = path.join(dir, "export.xml");
    const started = performance.now();
    const size = await writeExport(file, rows.map(toolPath), POSTS, 300);
    const lines = [
      `${kind === "pglite" ? "PGlite" : "PostgreSQL"}: ${POSTS.toLocaleString("en-US")} posts in ${THREADS.toLocaleString("en-US")} threads, ${mb(size)} (written in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    ];
    const commentFile = await openCommentFile(file, "export.xml");
    for (const [label, dryRun] of [
      ["dry run", true],
      ["import", false],
      ["same file again", false],
    ] as const) {
      const baseline = process.memoryUsage.rss() / 1024 / 1024;
      const begun = performance.now();
      const { result: report, peakMb } = await peakRssOf(() =>
        importComments(handle.db, ACTOR, commentFile, { dryRun }),
      );
      const seconds = (performance.now() - begun) / 1000;
      const written = dryRun ? report.toImport : report.imported;
      lines.push(
        `  ${label.padEnd(16)} ${seconds.toFixed(1).padStart(6)} s  ${Math.round(written / seconds)
          .toLocaleString("en-US")
          .padStart(
            7,
          )} comments/s  ${dryRun ? "to import" : "imported"} ${written.toLocaleString("en-US")}, already ${report.alreadyImported.toLocaleString("en-US")}, spam ${report.skippedSpam}, deleted ${report.skippedDeleted}, orphans ${report.orphans}, threads ${report.matchedThreads}/${report.threads}  RSS ${baseline.toFixed(0)} -> peak ${peakMb.toFixed(0)} MB  [${report.status}]`,
      );
    }
    lines.push(
      `  process RSS high-water mark: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
    );
    return { lines };
  } finally {
    await handle.close();
    await drop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Child: a dry run of an export with the given message size; how high memory goes while it streams. */
async function runStream(messageChars: number): Promise<ScenarioResult> {
  const dir = await mkdtemp(path.join(tmpdir(), "bench-comments-"));
  const { handle } = await openDatabase("pglite", dir);
  try {
    await seedDemoCatalogue(handle.db, TOOLS);
    const rows = await handle.db
      .select({ slug: tools.slug, category: tools.category, subCategory: tools.subCategory })
      .from(tools);
    const file = path.join(dir, "export.xml");
    const size = await writeExport(file, rows.map(toolPath), POSTS, messageChars);
    const commentFile = await openCommentFile(file, "export.xml");
    const baseline = process.memoryUsage.rss() / 1024 / 1024;
    const begun = performance.now();
    const {
      result: report,
      peakMb,
      peakHeapMb,
    } = await peakRssOf(() => importComments(handle.db, ACTOR, commentFile, { dryRun: true }));
    const seconds = (performance.now() - begun) / 1000;
    return {
      lines: [
        `  ${mb(size).padStart(9)} export, ${POSTS.toLocaleString("en-US")} posts, V8 heap capped at ${HEAP_CAP_MB} MB: dry run ${seconds.toFixed(1)} s, peak V8 heap ${peakHeapMb.toFixed(0)} MB, RSS ${baseline.toFixed(0)} -> peak ${peakMb.toFixed(0)} MB [${report.status}, ${report.toImport.toLocaleString("en-US")} to import]`,
      ],
    };
  } finally {
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  }
}

const scenario = option("scenario");
if (scenario) {
  const result =
    scenario === "import-pglite"
      ? await runImport("pglite")
      : scenario === "import-postgres"
        ? await runImport("postgres")
        : await runStream(Number(scenario.replace("stream-", "")));
  console.log(JSON.stringify(result));
} else {
  const self = fileURLToPath(import.meta.url);
  const child = (name: string): ScenarioResult => {
    // The streaming runs get a V8 heap smaller than the file as a string: they cannot hold it.
    const heap = name.startsWith("stream-") ? [`--max-old-space-size=${HEAP_CAP_MB}`] : [];
    const output = execFileSync(
      process.execPath,
      [...heap, "--import", "tsx", self, "--scenario", name, "--posts", String(POSTS)],
      { encoding: "utf8", maxBuffer: 16 * 1024 * 1024, env: { ...process.env } },
    );
    return JSON.parse(output.trim().split("\n").at(-1)!) as ScenarioResult;
  };
  console.log(
    `Comment migration benchmark (a shared, noisy machine: compare runs on one machine only)`,
  );
  for (const line of child("import-pglite").lines) console.log(line);
  if (POSTGRES) for (const line of child("import-postgres").lines) console.log(line);
  console.log(
    "Streaming: dry runs of the same posts with short and long messages, in a V8 heap smaller than the larger file",
  );
  // About 55 and 115 MB for 100,000 posts: the texts are never held, so both fit in the capped
  // heap, and the peak heap does not grow with the file.
  for (const size of [80, 700]) for (const line of child(`stream-${size}`).lines) console.log(line);
}
