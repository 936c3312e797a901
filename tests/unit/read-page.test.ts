import { describe, expect, it } from "vitest";
import { assertReadablePage } from "#server/services/ai-draft/check-page.server";
import type { FetchedPage } from "#server/net/guarded-fetch.server";
import { decodePage, readPage } from "#server/services/ai-draft/read-page.server";

// What the reader takes from a page, and which pages are walls, not pages.

const URL_ = "https://www.example.com/product?ref=1";

function html(head: string, body: string): string {
  return `<!doctype html><html lang="en"><head>${head}</head><body>${body}</body></html>`;
}

function fetched(body: string, status = 200, headers: Record<string, string> = {}): FetchedPage {
  return {
    url: URL_,
    finalUrl: URL_,
    redirects: [],
    status,
    headers: { "content-type": "text/html; charset=utf-8", ...headers },
    contentType: "text/html; charset=utf-8",
    body: Buffer.from(body, "utf8"),
  };
}

function check(body: string, status = 200, headers: Record<string, string> = {}): void {
  const page = fetched(body, status, headers);
  assertReadablePage(page, readPage(decodePage(page), URL_));
}

const LONG_TEXT = Array.from(
  { length: 12 },
  (_, i) => `<p>Paragraph ${i} explains what the product does for its users in plain words.</p>`,
).join("");

describe("readPage", () => {
  it("reads the title and meta tags by lowercased name or property, entities decoded", () => {
    const facts = readPage(
      html(
        `<title> Acme &amp; Co  |  Home </title><meta NAME="Description" content="Fast &lt;b&gt; tools">
         <meta property="OG:Image" content="/img/og.png"><meta name="twitter:title" content="Acme">`,
        "<p>x</p>",
      ),
      URL_,
    );
    expect(facts.title).toBe("Acme & Co | Home");
    expect(facts.meta).toMatchObject({
      description: "Fast <b> tools",
      "og:image": "/img/og.png",
      "twitter:title": "Acme",
    });
    expect(facts.lang).toBe("en");
  });

  it("reads every JSON-LD block, arrays and @graph, skipping a broken one", () => {
    const facts = readPage(
      html(
        `<script type="application/ld+json">{ not json</script>
         <script type="application/ld+json">[{"@type":"WebSite","name":"Site"},{"@type":"Person","name":"Ann"}]</script>
         <script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":["Product"],"name":"Widget",
           "keywords":"a, b","image":{"@type":"ImageObject","url":"https://cdn.example.com/w.png"},
           "offers":{"@type":"AggregateOffer","offers":[{"@type":"Offer","price":0,"priceCurrency":"EUR"},
             {"@type":"Offer","name":"Pro","priceSpecification":{"@type":"UnitPriceSpecification","price":"12.50","priceCurrency":"EUR","billingDuration":"P1Y"}}]}}]}</script>`,
        "<p>x</p>",
      ),
      URL_,
    );
    expect(facts.jsonLd.map((thing) => thing.name)).toEqual(["Site", "Widget"]);
    const widget = facts.jsonLd[1]!;
    expect(widget.keywords).toEqual(["a", "b"]);
    expect(widget.image).toBe("https://cdn.example.com/w.png");
    expect(widget.offers).toEqual([
      { name: null, price: "0", priceCurrency: "EUR", billingPeriod: null },
      { name: "Pro", price: "12.50", priceCurrency: "EUR", billingPeriod: "P1Y" },
    ]);
  });

  it("reads a page nested 100,000 elements deep, and deeply nested JSON-LD, without overflowing", () => {
    const deep = `<body><main><h1>Deepnote</h1>${"<div>".repeat(100_000)}<p>Buried text</p>${"</div>".repeat(100_000)}<p>After the pile</p></main></body>`;
    const facts = readPage(deep, "https://deep.example/");
    expect(facts.text).toContain("Buried text");
    expect(facts.text).toContain("After the pile");
    const nestedJson = `<script type="application/ld+json">{"@type":"Product","name":"Pile","offers":${"[".repeat(50_000)}${"]".repeat(50_000)},"description":${'{"name":'.repeat(50_000)}"x"${"}".repeat(50_000)}}</script><p>Some page text here</p>`;
    const pile = readPage(nestedJson, "https://deep.example/");
    expect(pile.jsonLd).toMatchObject([{ name: "Pile", offers: [], description: null }]);
  });

  it("keeps only the visible main text, one block per line", () => {
    const facts = readPage(
      html(
        "<style>p{}</style><script>var a = 'script text';</script>",
        `<header><h1>Site header</h1></header><nav>Menu</nav>
         <div class="cookie-consent">We use cookies</div>
         <main><h1>Main   title</h1><p>First&nbsp;para <b>bold</b>
         text.</p><div hidden>hidden div</div><p style="display: none">display none</p>
         <p style="visibility:hidden">invisible</p><span aria-hidden="true">aria hidden</span>
         <div role="navigation">role nav</div><template>tpl</template><noscript>noscript</noscript>
         <svg><text>svg text</text></svg><form><label>Email</label></form><ul><li>One</li><li>Two</li></ul></main>
         <aside>aside</aside><footer>footer text</footer><p>outside main</p>`,
      ),
      URL_,
    );
    expect(facts.text).toBe("Main title\nFirst para bold text.\nOne\nTwo");
    expect(facts.headings).toEqual([{ level: 1, text: "Main title" }]);
    expect(facts.listItems).toEqual(["One", "Two"]);
  });

  it("drops a cookie banner but not a page wrapper marked as cookie-accepted", () => {
    const facts = readPage(
      html(
        "",
        `<div class="cookie-accepted"><div id="cookie-notice">Accept cookies?</div>${LONG_TEXT}${LONG_TEXT}</div>`,
      ),
      URL_,
    );
    expect(facts.text).not.toContain("Accept cookies");
    expect(facts.text).toContain("Paragraph 11 explains");
  });

  it("prefers <main> over an earlier <article>", () => {
    const facts = readPage(
      html(
        "",
        "<aside><article><p>Related post</p></article></aside><div><article><p>Teaser</p></article></div><main><p>Product</p></main>",
      ),
      URL_,
    );
    expect(facts.text).toBe("Product");
  });

  it("reads the whole body when there is no main element, and caps the text", () => {
    const line = `<p>${"word ".repeat(200)}</p>`;
    const facts = readPage(html("", `<div><h2>About</h2>${line.repeat(150)}</div>`), URL_);
    expect(facts.headings).toEqual([{ level: 2, text: "About" }]);
    expect(facts.text.length).toBeLessThanOrEqual(100_000);
    expect(facts.text.length).toBeGreaterThan(90_000);
  });

  it("finds a same-site pricing link by address or words, made absolute", () => {
    const byPath = readPage(
      html("", `<a href="https://other.example/pricing">x</a><a href="/fr/tarifs">Tarifs</a>`),
      URL_,
    );
    expect(byPath.pricingUrl).toBe("https://www.example.com/fr/tarifs");
    const byText = readPage(html("", `<a href="https://example.com/buy#top">See plans</a>`), URL_);
    expect(byText.pricingUrl).toBe("https://example.com/buy");
    expect(readPage(html("", `<a href="/blog">Blog</a>`), URL_).pricingUrl).toBeNull();
  });

  it("takes the main image from og:image, then twitter:image, then JSON-LD; never data:", () => {
    const image = (head: string) => readPage(html(head, "<p>x</p>"), URL_).imageUrl;
    expect(
      image(
        `<meta property="og:image" content="/a.png"><meta name="twitter:image" content="/b.png">`,
      ),
    ).toBe("https://www.example.com/a.png");
    expect(
      image(
        `<meta property="og:image" content="data:image/png;base64,AAAA"><meta name="twitter:image" content="b.png">`,
      ),
    ).toBe("https://www.example.com/b.png");
    expect(
      image(
        `<script type="application/ld+json">{"@type":"SoftwareApplication","image":"//cdn.example.net/c.webp"}</script>`,
      ),
    ).toBe("https://cdn.example.net/c.webp");
    expect(image(`<meta property="og:image" content="javascript:alert(1)">`)).toBeNull();
  });
});

describe("decodePage", () => {
  it("uses the Content-Type charset, then <meta charset>, then UTF-8", () => {
    const bytes = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x80]);
    expect(decodePage({ body: bytes, contentType: "text/html; charset=windows-1252" })).toBe(
      "café €",
    );
    const meta = Buffer.concat([Buffer.from('<meta charset="iso-8859-1">'), bytes]);
    expect(decodePage({ body: meta, contentType: "text/html" })).toContain("café €");
    expect(decodePage({ body: Buffer.from("naïve ✓"), contentType: "text/html" })).toBe("naïve ✓");
    expect(
      decodePage({ body: Buffer.from([0xff, 0x41]), contentType: "text/html; charset=utf-8" }),
    ).toBe("\ufffdA");
  });
});

describe("assertReadablePage", () => {
  it.each([
    [
      "Cloudflare's header",
      html("<title>Shop</title>", "<p>Hi</p>"),
      403,
      { "cf-mitigated": "challenge" },
    ],
    [
      "Just a moment",
      html("<title>Just a moment...</title>", "<p>Enable JavaScript and cookies to continue</p>"),
      403,
      {},
    ],
    [
      "Attention Required",
      html(
        "<title>Attention Required! | Cloudflare</title>",
        "<p>Sorry, you have been blocked</p>",
      ),
      403,
      {},
    ],
    [
      "DDoS-Guard",
      html(
        "<title>DDoS-Guard</title>",
        "<p>Checking your browser before accessing example.com</p>",
      ),
      200,
      {},
    ],
    [
      "Sucuri",
      html(
        "<title>Sucuri WebSite Firewall - Access Denied</title>",
        "<p>Access Denied - Sucuri Website Firewall</p>",
      ),
      403,
      {},
    ],
    [
      "PerimeterX",
      html(
        "<title>Access to this page has been denied</title>",
        '<div id="px-captcha"></div><p>Press &amp; Hold to confirm you are a human</p>',
      ),
      403,
      {},
    ],
    [
      "a captcha-only page",
      html("<title>Shop</title>", '<div class="g-recaptcha" data-sitekey="x"></div>'),
      200,
      {},
    ],
    [
      "hCaptcha",
      html(
        "<title>One more step</title>",
        '<script src="https://hcaptcha.com/1/api.js"></script><div class="h-captcha"></div>',
      ),
      200,
      {},
    ],
    [
      "AWS WAF",
      html(
        '<title>Shop</title><script src="https://abc.token.awswaf.com/abc/challenge.js"></script>',
        '<div id="challenge-container"></div>',
      ),
      202,
      {},
    ],
  ])("names %s a bot challenge", (_name, body, status, headers) => {
    expect(() => check(body, status, headers)).toThrow(
      expect.objectContaining({ code: "bot_challenge" }),
    );
  });

  it("reads a normal page that merely mentions a captcha", () => {
    expect(() =>
      check(
        html(
          "<title>Captcha Solver Pro</title>",
          `<main><h1>Solve any reCAPTCHA</h1>${LONG_TEXT}</main>`,
        ),
      ),
    ).not.toThrow();
  });

  it("names an empty app root with scripts, or a noscript asking for JavaScript, needs_javascript", () => {
    expect(() =>
      check(html('<title>App</title><script src="/app.js"></script>', '<div id="root"></div>')),
    ).toThrow(expect.objectContaining({ code: "needs_javascript" }));
    expect(() =>
      check(
        html(
          "<title>App</title>",
          "<noscript>This site requires JavaScript.</noscript><div></div>",
        ),
      ),
    ).toThrow(expect.objectContaining({ code: "needs_javascript" }));
  });

  it("reads a server-rendered app whose root holds the page", () => {
    expect(() =>
      check(
        html(
          '<title>App</title><script src="/app.js"></script>',
          `<div id="root"><main>${LONG_TEXT}</main></div>`,
        ),
      ),
    ).not.toThrow();
  });

  it("names a page with no words at all empty_page", () => {
    expect(() => check(html("<title></title>", "<div><span> </span></div>"))).toThrow(
      expect.objectContaining({ code: "empty_page" }),
    );
  });
});
