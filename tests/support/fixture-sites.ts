// Loopback web sites for the AI-assisted add: real HTTP answers the guarded fetcher,
// the page reader and the jobs are tested against. Every product and company here is invented.
//
// Pages:
//   /jsonld          a product page with JSON-LD (SoftwareApplication with offers, Organization),
//                    meta, Open Graph and Twitter tags, headings, a features list, a pricing link,
//                    and navigation, scripts, styles, hidden text and a footer a reader must drop
//                    (og:image, JSON-LD and canonical addresses absolute on the requested host;
//                    twitter:image and links relative)
//   /meta-only       title, description, Open Graph tags, headings and text; no JSON-LD, no prices
//   /pricing         plan names and prices in the text
//   /challenge       a Cloudflare-style 403 "Just a moment..." with `cf-mitigated: challenge`
//   /challenge-200   a 200 "Checking your browser" page with no telling header
//   /empty           HTML with no text;  /spa  an empty root div, scripts and "enable JavaScript"
//   /spa-meta        the same app shell with the site's own description and Open Graph tags
//   /no-content-type the /meta-only page without a Content-Type header
//   /latin1          a windows-1252 page (é and € as single bytes)
//   /redirect/:n     a chain of n redirects (absolute Location) ending at /jsonld
//   /redirect-relative/:n  the same with relative Location headers
//   /redirect-to?to=<address>  one 302 to any address
//   /redirect-loop   /redirect-loop → /redirect-loop-back → /redirect-loop → …
//   /to-private      302 to http://169.254.169.254/latest/meta-data/
//   /slow            answers after 15 s;  /huge  3 MB of streamed HTML (no Content-Length)
//   /huge-length     3 MB of HTML announced by Content-Length;  /huge-gzip  /huge gzip-compressed
//   /pdf             application/pdf;  /status/:code  an HTML error page with that status
//   /logo.png, /og.png  real PNGs made with sharp;  /fake.png  text sent as image/png
//   /vendor          a vendor's home page (Quotamind) linking its own /vendor/pricing,
//                    /vendor/security, /vendor/integrations and /vendor/privacy (404), and a
//                    trust center on another site, never read
//   /vendor/security SSO via SAML, two-factor sign-in, SOC 2 Type II, EU hosting, no training on
//                    customer data; no word of HIPAA, SCIM or ISO 27001
//   /vendor/pricing  plan cards: Free ($0), Pro ($19 per user / month, billed annually),
//                    Business ($490 / year, flat), Enterprise (contact us)
//   /vendor/integrations  Slack and HubSpot
//   /headers         the request's headers as JSON in a <pre>
//   /healthz         "ok"
// Any HTML page answers compressed with `?encoding=gzip|deflate|br`.

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import sharp from "sharp";

export interface FixtureSites {
  /** `http://127.0.0.1:<port>` (or the host asked for). */
  origin: string;
  url(path: string): string;
  /** Requests received for a path (its pathname, query ignored). */
  hits(path: string): number;
  close(): Promise<void>;
}

export interface FixtureSitesOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** "127.0.0.1" unless given ("::1" for an IPv6 loopback site). */
  host?: string;
}

export const FIXTURE_NAMES = {
  jsonld: "Brieflow",
  metaOnly: "Tallyhawk",
  vendor: "Quotamind",
} as const;

const SLOW_MS = 15_000;
const HUGE_BYTES = 3 * 1024 * 1024;

function page(head: string, body: string, lang = "en"): string {
  return `<!doctype html>\n<html lang="${lang}">\n<head>\n<meta charset="utf-8">\n${head}\n</head>\n<body>\n${body}\n</body>\n</html>\n`;
}

const SITE_CHROME_TOP = `<header class="site-header">
  <a href="/" class="logo">Brieflow</a>
  <nav aria-label="Main">
    <ul><li><a href="/product">Product</a></li><li><a href="/pricing">Pricing</a></li><li><a href="/blog">Blog</a></li><li><a href="/login">Log in</a></li></ul>
  </nav>
</header>`;

const JSONLD_GRAPH = {
  "@context": "https://schema.org",
  "@graph": [
    {
      "@type": "SoftwareApplication",
      name: "Brieflow",
      description:
        "Brieflow records your meetings, writes a clear summary and turns decisions into tasks for your team.",
      applicationCategory: "BusinessApplication",
      operatingSystem: "Web, macOS, Windows",
      url: "{origin}/jsonld",
      image: "{origin}/og.png",
      keywords: "meeting notes, transcription, summaries",
      featureList: [
        "Live transcription in 30 languages",
        "One-page meeting summaries",
        "Action items sent to your task board",
        "Search across every past meeting",
      ],
      offers: [
        {
          "@type": "Offer",
          name: "Starter",
          price: "0",
          priceCurrency: "USD",
        },
        {
          "@type": "Offer",
          name: "Team",
          price: "29",
          priceCurrency: "USD",
          priceSpecification: {
            "@type": "UnitPriceSpecification",
            price: "29",
            priceCurrency: "USD",
            billingDuration: "P1M",
            unitCode: "MON",
          },
        },
      ],
      publisher: { "@id": "#org" },
    },
    {
      "@type": "Organization",
      "@id": "#org",
      name: "Brieflow Labs",
      url: "{origin}/",
      logo: "{origin}/logo.png",
      sameAs: ["https://social.example/brieflow"],
    },
  ],
};

const JSONLD_PAGE = page(
  `<title>Brieflow – AI meeting notes that turn talk into tasks</title>
<meta name="description" content="Brieflow records your meetings, writes a clear summary and turns decisions into tasks for your team.">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta property="og:type" content="website">
<meta property="og:site_name" content="Brieflow">
<meta property="og:title" content="Brieflow: AI meeting notes for busy teams">
<meta property="og:description" content="Summaries, action items and a searchable archive of every meeting, written for you.">
<meta property="og:image" content="{origin}/og.png">
<meta property="og:url" content="{origin}/jsonld">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="Brieflow: AI meeting notes">
<meta name="twitter:description" content="Meeting summaries and action items, written for you.">
<meta name="twitter:image" content="/og.png">
<link rel="icon" href="/logo.png">
<link rel="canonical" href="{origin}/jsonld">
<style>.hidden-promo { display: none } body { font-family: sans-serif }</style>
<script>window.analyticsQueue = ["page-view: Tracking script text that is not content"];</script>
<script type="application/ld+json">${JSON.stringify(JSONLD_GRAPH)}</script>`,
  `${SITE_CHROME_TOP}
<div class="cookie-banner" hidden>We use cookies to measure visits. Accept all cookies?</div>
<main>
  <section class="hero">
    <h1>Meeting notes that write themselves</h1>
    <p>Brieflow joins your calls, transcribes every word and hands you a one-page summary within a minute of hanging up.</p>
    <p>Decisions become tasks on your team's board, each with an owner and a due date, so nothing said in a meeting is lost.</p>
    <img src="/og.png" alt="A Brieflow meeting summary with three action items">
  </section>
  <section class="features">
    <h2>Everything a meeting leaves behind, organised</h2>
    <ul>
      <li>Live transcription in 30 languages</li>
      <li>One-page meeting summaries</li>
      <li>Action items sent to your task board</li>
      <li>Search across every past meeting</li>
    </ul>
    <h3>Private by design</h3>
    <p>Recordings are encrypted at rest and deleted after 90 days unless you choose to keep them.</p>
  </section>
  <section class="cta">
    <h2>Start free, upgrade when your team grows</h2>
    <p>The Starter plan is free forever for one person. <a href="/pricing">See plans and pricing</a>.</p>
  </section>
  <p style="display:none">Hidden keyword stuffing: best cheap meeting bot free download</p>
  <p aria-hidden="true" class="hidden-promo">Secret launch discount code for crawlers</p>
</main>
<aside class="newsletter"><p>Subscribe to our newsletter for product news.</p></aside>
<footer>
  <p>© 2026 Brieflow Labs. All rights reserved.</p>
  <nav aria-label="Footer"><a href="/privacy">Privacy</a> <a href="/terms">Terms</a></nav>
</footer>
<script src="/app.js"></script>
<noscript>Please enable JavaScript for the best experience.</noscript>`,
);

const META_ONLY_PAGE = page(
  `<title>Tallyhawk | Ask your spreadsheets questions in plain English</title>
<meta name="description" content="Tallyhawk reads your spreadsheets and answers questions about them in plain English, with charts you can share.">
<meta property="og:type" content="website">
<meta property="og:site_name" content="Tallyhawk">
<meta property="og:title" content="Tallyhawk: plain-English answers from your spreadsheets">
<meta property="og:description" content="Connect a sheet, ask a question, get an answer and a chart.">
<meta property="og:image" content="{origin}/logo.png">
<meta name="twitter:card" content="summary">
<script>var tracking = "not content";</script>`,
  `<header><nav><a href="/">Home</a> <a href="/about">About</a> <a href="/contact">Contact</a></nav></header>
<main>
  <h1>Ask your spreadsheets anything</h1>
  <p>Tallyhawk connects to your sheets and databases and answers questions such as "which region grew fastest last quarter?" in plain English.</p>
  <h2>How it works</h2>
  <p>Connect a spreadsheet, type a question, and Tallyhawk writes the formula, runs it and draws the chart.</p>
  <ul>
    <li>Answers in plain English with the formula shown</li>
    <li>Charts you can share with a link</li>
    <li>Works with CSV files and most spreadsheet apps</li>
  </ul>
  <h2>Built for analysts and managers</h2>
  <p>No formulas to learn: managers ask, analysts check the working, everyone sees the same numbers.</p>
</main>
<footer><p>Tallyhawk is a product of Hawkfield Analytics.</p></footer>`,
);

const PRICING_PAGE = page(
  `<title>Pricing – Brieflow</title>
<meta name="description" content="Brieflow plans: Starter is free, Team is $29 per user per month, Business is $79 per user per month.">`,
  `${SITE_CHROME_TOP}
<main>
  <h1>Plans and pricing</h1>
  <p>Every plan includes unlimited meetings up to 90 minutes long.</p>
  <table>
    <tr><th>Plan</th><th>Price</th><th>For</th></tr>
    <tr><td>Starter</td><td>Free</td><td>One person, 10 meetings a month</td></tr>
    <tr><td>Team</td><td>$29 per user per month</td><td>Shared summaries and task board sync</td></tr>
    <tr><td>Business</td><td>$79 per user per month</td><td>Single sign-on and admin controls</td></tr>
  </table>
  <p>Paying yearly saves two months.</p>
</main>
<footer><p>© 2026 Brieflow Labs.</p></footer>`,
);

const VENDOR_HOME_PAGE = page(
  `<title>Quotamind – sales proposals written from your call notes</title>
<meta name="description" content="Quotamind writes sales proposals from your call notes, in your company's voice.">`,
  `<header><nav>
  <a href="/vendor">Quotamind</a> <a href="/vendor/pricing">Pricing</a>
  <a href="/vendor/integrations">Integrations</a>
  <a href="https://trust.quotamind-elsewhere.example/">Trust center</a>
</nav></header>
<main>
  <h1>Proposals your buyers actually read</h1>
  <p>Quotamind drafts a proposal from your call notes in a minute, in your company's voice.</p>
  <p>Your team reviews it, sends it and sees when the buyer opens it.</p>
</main>
<footer><a href="/vendor/security">Security</a> <a href="/vendor/privacy">Privacy</a></footer>`,
);

const VENDOR_SECURITY_PAGE = page(
  `<title>Security – Quotamind</title>`,
  `<main>
  <h1>Security at Quotamind</h1>
  <h2>Signing in</h2>
  <p>Single sign-on via SAML 2.0 is available on the Business plan. Every account can turn on two-factor authentication.</p>
  <h2>Compliance</h2>
  <p>Quotamind has a SOC 2 Type II report, renewed every year.</p>
  <h2>Where your data lives</h2>
  <p>Customer data is hosted in data centers in the EU (Frankfurt).</p>
  <p>We do not train AI models on your data.</p>
</main>`,
);

const VENDOR_PRICING_PAGE = page(
  `<title>Pricing – Quotamind</title>`,
  `<main>
  <h1>Pricing</h1>
  <p>Pick the plan that fits your team.</p>
  <div class="plan"><h2>Free</h2><p>$0</p><p>One user and 5 proposals a month.</p></div>
  <div class="plan"><h2>Pro</h2><p>$19 per user / month</p><p>Billed annually, or $24 month to month.</p></div>
  <div class="plan"><h2>Business</h2><p>$490 / year</p><p>One flat price for your whole team, with SSO.</p></div>
  <div class="plan"><h2>Enterprise</h2><p>Contact us</p></div>
</main>`,
);

const VENDOR_INTEGRATIONS_PAGE = page(
  `<title>Integrations – Quotamind</title>`,
  `<main>
  <h1>Integrations</h1>
  <p>Quotamind works with the tools your sales team already uses.</p>
  <h2>Slack</h2><p>Get a message in Slack when a buyer opens a proposal.</p>
  <h2>HubSpot</h2><p>Pull deal notes from HubSpot and log every proposal back to the deal.</p>
</main>`,
);

const CHALLENGE_PAGE = page(
  `<title>Just a moment...</title>
<meta name="robots" content="noindex,nofollow">
<script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1"></script>`,
  `<div class="main-wrapper" role="main">
  <h1>Checking if the site connection is secure</h1>
  <p>Enable JavaScript and cookies to continue</p>
  <noscript><div>Please enable JavaScript to continue.</div></noscript>
</div>`,
);

const CHALLENGE_200_PAGE = page(
  `<title>Checking your browser</title>`,
  `<div id="challenge">
  <h1>Checking your browser before accessing the site.</h1>
  <p>Enable JavaScript and cookies to continue.</p>
  <p>This process is automatic. Your browser will redirect to your requested content shortly.</p>
</div>`,
);

const EMPTY_PAGE = page(
  `<title></title>`,
  `<div class="wrapper"><div class="inner"></div></div>\n<script>/* nothing */</script>`,
);

const SPA_PAGE = page(
  `<title>Loading…</title>
<script type="module" src="/assets/index-4f2a.js"></script>
<link rel="stylesheet" href="/assets/index-91bc.css">`,
  `<noscript>You need to enable JavaScript to run this app.</noscript>
<div id="root"></div>
<script>window.__INITIAL_STATE__ = {};</script>`,
);

/** An app shell with the site's own tags: what needs JavaScript can still name itself. */
const SPA_META_PAGE = page(
  `<title>Loading…</title>
<meta name="description" content="Quillpoint turns meeting recordings into searchable notes for sales teams.">
<meta property="og:site_name" content="Quillpoint">
<meta property="og:description" content="Searchable meeting notes for sales teams.">
<script type="module" src="/assets/index-77aa.js"></script>`,
  `<noscript>You need to enable JavaScript to run this app.</noscript>
<div id="root"></div>`,
);

// windows-1252: "é" is 0xE9 as in latin1, "€" is 0x80.
const LATIN1_BYTES = Buffer.from(
  page(
    `<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">
<title>Caf\u00e9 Compta – la comptabilit\u00e9 assist\u00e9e</title>
<meta name="description" content="Caf\u00e9 Compta pr\u00e9pare vos d\u00e9clarations pour 12 \u20ac par mois.">`,
    `<main><h1>La comptabilit\u00e9 sans effort</h1><p>Caf\u00e9 Compta classe vos factures et pr\u00e9pare vos d\u00e9clarations pour 12 \u20ac par mois.</p></main>`,
    "fr",
  )
    .replace('<meta charset="utf-8">\n', "")
    .replace(/\u2013/g, "-")
    .replace(/\u20ac/g, "\u0080"),
  "latin1",
);

function errorPage(status: number): string {
  return page(
    `<title>Error ${status}</title>`,
    `<main><h1>Error ${status}</h1><p>Sorry, this page is not available.</p></main>`,
  );
}

const PDF_BYTES = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

/** The /huge body in chunks of about 64 KB of plain, readable HTML. */
function hugeChunks(): string[] {
  const paragraph =
    "<p>Brieflow keeps a searchable record of every meeting your team holds. </p>\n";
  const chunk = paragraph.repeat(Math.ceil(65_536 / paragraph.length));
  const chunks = ["<!doctype html><html><head><title>Huge</title></head><body>"];
  let size = chunks[0]!.length;
  while (size < HUGE_BYTES) {
    chunks.push(chunk);
    size += chunk.length;
  }
  chunks.push("</body></html>");
  return chunks;
}

let imagesOnce: Promise<{ logo: Buffer; og: Buffer }> | null = null;

/** Real images (so sharp can sniff and re-encode them), made once per process. */
function fixtureImages(): Promise<{ logo: Buffer; og: Buffer }> {
  imagesOnce ??= (async () => {
    const logo = await sharp({
      create: { width: 256, height: 256, channels: 3, background: { r: 40, g: 90, b: 200 } },
    })
      .png()
      .toBuffer();
    const stripe = await sharp({
      create: { width: 1200, height: 210, channels: 3, background: { r: 250, g: 200, b: 40 } },
    })
      .png()
      .toBuffer();
    const og = await sharp({
      create: { width: 1200, height: 630, channels: 3, background: { r: 20, g: 30, b: 60 } },
    })
      .composite([{ input: stripe, top: 210, left: 0 }])
      .png()
      .toBuffer();
    return { logo, og };
  })();
  return imagesOnce;
}

type Encoding = "gzip" | "deflate" | "br";

function sendHtml(
  res: ServerResponse,
  body: string | Buffer,
  options: {
    status?: number;
    encoding?: Encoding | null;
    contentType?: string | null;
    headers?: Record<string, string>;
    /** Replaces "{origin}" in the page: absolute links to the host the request named. */
    origin?: string;
  } = {},
): void {
  let bytes =
    typeof body === "string"
      ? Buffer.from(body.replaceAll("{origin}", options.origin ?? ""), "utf8")
      : body;
  const headers: Record<string, string> = { ...options.headers };
  if (options.contentType !== null) {
    headers["content-type"] = options.contentType ?? "text/html; charset=utf-8";
  }
  if (options.encoding) {
    bytes =
      options.encoding === "gzip"
        ? gzipSync(bytes)
        : options.encoding === "deflate"
          ? deflateSync(bytes)
          : brotliCompressSync(bytes);
    headers["content-encoding"] = options.encoding;
  }
  headers["content-length"] = String(bytes.length);
  res.writeHead(options.status ?? 200, headers);
  res.end(bytes);
}

function redirect(res: ServerResponse, location: string, status = 302): void {
  res.writeHead(status, { location, "content-type": "text/html; charset=utf-8" });
  res.end(`<a href="${location}">Moved</a>`);
}

export async function startFixtureSites(options: FixtureSitesOptions = {}): Promise<FixtureSites> {
  const images = await fixtureImages();
  const host = options.host ?? "127.0.0.1";
  const hitCounts = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  let origin = "";

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? "/", origin);
    const requestOrigin = req.headers.host ? `http://${req.headers.host}` : origin;
    const path = url.pathname;
    hitCounts.set(path, (hitCounts.get(path) ?? 0) + 1);
    const encodingParam = url.searchParams.get("encoding");
    const encoding: Encoding | null =
      encodingParam === "gzip" || encodingParam === "deflate" || encodingParam === "br"
        ? encodingParam
        : null;

    const chain = /^\/redirect(-relative)?\/(\d+)$/.exec(path);
    if (chain) {
      const left = Number(chain[2]);
      const relative = chain[1] !== undefined;
      const next = left <= 1 ? "/jsonld" : `/redirect${relative ? "-relative" : ""}/${left - 1}`;
      const status = [301, 302, 303, 307, 308][left % 5]!;
      redirect(
        res,
        relative ? (left <= 1 ? "../jsonld" : String(left - 1)) : `${origin}${next}`,
        status,
      );
      return;
    }
    const status = /^\/status\/(\d{3})$/.exec(path);
    if (status) {
      sendHtml(res, errorPage(Number(status[1])), { status: Number(status[1]) });
      return;
    }

    switch (path) {
      case "/headers":
        sendHtml(
          res,
          page("<title>Request headers</title>", `<pre>${JSON.stringify(req.headers)}</pre>`),
        );
        return;
      case "/healthz":
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("ok");
        return;
      case "/":
      case "/jsonld":
        sendHtml(res, JSONLD_PAGE, { encoding, origin: requestOrigin });
        return;
      case "/meta-only":
        sendHtml(res, META_ONLY_PAGE, { encoding, origin: requestOrigin });
        return;
      case "/pricing":
        sendHtml(res, PRICING_PAGE, { encoding });
        return;
      case "/vendor":
        sendHtml(res, VENDOR_HOME_PAGE);
        return;
      case "/vendor/security":
        sendHtml(res, VENDOR_SECURITY_PAGE);
        return;
      case "/vendor/pricing":
        sendHtml(res, VENDOR_PRICING_PAGE);
        return;
      case "/vendor/integrations":
        sendHtml(res, VENDOR_INTEGRATIONS_PAGE);
        return;
      case "/no-content-type":
        sendHtml(res, META_ONLY_PAGE, { contentType: null, origin: requestOrigin });
        return;
      case "/latin1":
        sendHtml(res, LATIN1_BYTES, { contentType: "text/html; charset=windows-1252" });
        return;
      case "/challenge":
        sendHtml(res, CHALLENGE_PAGE, {
          status: 403,
          headers: {
            "cf-mitigated": "challenge",
            server: "cloudflare",
            "cache-control": "no-store",
          },
        });
        return;
      case "/challenge-200":
        sendHtml(res, CHALLENGE_200_PAGE);
        return;
      case "/empty":
        sendHtml(res, EMPTY_PAGE);
        return;
      case "/spa":
        sendHtml(res, SPA_PAGE);
        return;
      case "/spa-meta":
        sendHtml(res, SPA_META_PAGE);
        return;
      case "/redirect-to": {
        redirect(res, url.searchParams.get("to") ?? "/jsonld");
        return;
      }
      case "/redirect-loop":
        redirect(res, "/redirect-loop-back");
        return;
      case "/redirect-loop-back":
        redirect(res, "/redirect-loop");
        return;
      case "/to-private":
        redirect(res, "http://169.254.169.254/latest/meta-data/");
        return;
      case "/slow": {
        const timer = setTimeout(() => {
          timers.delete(timer);
          sendHtml(res, JSONLD_PAGE, { origin: requestOrigin });
        }, SLOW_MS);
        timers.add(timer);
        res.on("close", () => {
          clearTimeout(timer);
          timers.delete(timer);
        });
        return;
      }
      case "/huge":
      case "/huge-length": {
        const chunks = hugeChunks();
        const headers: Record<string, string> = { "content-type": "text/html; charset=utf-8" };
        if (path === "/huge-length") {
          headers["content-length"] = String(
            chunks.reduce((sum, c) => sum + Buffer.byteLength(c), 0),
          );
        }
        res.writeHead(200, headers);
        let index = 0;
        const pump = (): void => {
          while (index < chunks.length) {
            if (res.destroyed) return;
            const more = res.write(chunks[index++]);
            if (!more) {
              res.once("drain", pump);
              return;
            }
          }
          res.end();
        };
        pump();
        return;
      }
      case "/huge-gzip":
        sendHtml(res, hugeChunks().join(""), { encoding: "gzip" });
        return;
      case "/pdf":
        res.writeHead(200, {
          "content-type": "application/pdf",
          "content-length": String(PDF_BYTES.length),
        });
        res.end(PDF_BYTES);
        return;
      case "/logo.png":
      case "/og.png": {
        const bytes = path === "/logo.png" ? images.logo : images.og;
        res.writeHead(200, { "content-type": "image/png", "content-length": String(bytes.length) });
        res.end(bytes);
        return;
      }
      case "/fake.png":
        res.writeHead(200, { "content-type": "image/png" });
        res.end("This is text, not a picture.");
        return;
      default:
        sendHtml(res, errorPage(404), { status: 404 });
    }
  };

  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

  return {
    origin,
    url: (path) => new URL(path, origin).toString(),
    hits: (path) => hitCounts.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
