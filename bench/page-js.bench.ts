import { get } from "node:http";

// `npm run bench:js -- [base URL]` (default http://localhost:3000, a running `npm start`): the
// JavaScript each page loads, in bytes on the wire: as sent to Chrome (brotli), and as sent to a
// browser that takes gzip only. Exits with 1 when the home page is over its budget.
// DESIGN.md 9 budget: home < 110 KB (decision 006 on gzip and brotli).

const base = process.argv[2] ?? "http://localhost:3000";
const LISTINGS = ["/", "/ai-tools", "/ai-tools/marketing", "/newsletter"];
const BUDGET_BYTES = 110 * 1024;

/** The body's size as sent, not decoded. */
function sentBytes(url: URL, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": encoding } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => resolve(bytes));
    }).on("error", reject);
  });
}

async function scriptsOf(page: string): Promise<URL[]> {
  const html = await (await fetch(new URL(page, base))).text();
  const found = html.matchAll(
    /(?:href|src)="(\/assets\/[^"]+\.js)"|import\("(\/assets\/[^"]+\.js)"\)/g,
  );
  return [...new Set([...found].map((match) => (match[1] ?? match[2])!))].map(
    (script) => new URL(script, base),
  );
}

/** The first tool card's page on the browse listing: a tool page of the catalogue being served. */
async function aToolPage(): Promise<string[]> {
  const html = await (await fetch(new URL("/ai-tools", base))).text();
  const link =
    /class="tool-card-link"[^>]*href="([^"]+)"|href="([^"]+)"[^>]*class="tool-card-link"/.exec(
      html,
    );
  return link ? [(link[1] ?? link[2])!] : [];
}

const PAGES = [...LISTINGS, ...(await aToolPage())];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

console.log("page".padEnd(22), "scripts".padStart(8), "brotli".padStart(10), "gzip".padStart(10));
for (const page of PAGES) {
  const scripts = await scriptsOf(page);
  let brotli = 0;
  let gzip = 0;
  for (const script of scripts) {
    brotli += await sentBytes(script, "gzip, deflate, br, zstd");
    gzip += await sentBytes(script, "gzip");
  }
  const isOver = page === "/" && brotli >= BUDGET_BYTES;
  if (isOver) process.exitCode = 1;
  const verdict = page === "/" ? (isOver ? "FAIL" : "PASS (brotli)") : "";
  console.log(
    page.padEnd(22),
    String(scripts.length).padStart(8),
    kb(brotli).padStart(10),
    kb(gzip).padStart(10),
    verdict,
  );
}
