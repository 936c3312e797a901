import { describe, expect, it } from "vitest";
import {
  countCommentLinks,
  renderCommentMarkdown,
  sanitizeCommentHtml,
} from "#server/services/comments/comment-html.server";

// Every tag and attribute that survives must be on the allowlist; every href http(s).
function expectOnlyAllowlisted(html: string) {
  for (const [, tag, attributes] of html.matchAll(/<\/?([a-zA-Z0-9-]+)([^>]*)>/g)) {
    expect([
      "p",
      "br",
      "strong",
      "b",
      "em",
      "i",
      "del",
      "s",
      "code",
      "pre",
      "blockquote",
      "ul",
      "ol",
      "li",
      "a",
    ]).toContain(tag);
    const names = [...(attributes ?? "").matchAll(/\s([a-zA-Z-]+)="[^"]*"/g)].map((m) => m[1]);
    for (const name of names) expect(["href", "rel"]).toContain(name);
  }
  for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^https?:\/\//);
}

describe("sanitizeCommentHtml against an XSS corpus", () => {
  it.each([
    ["a script element", "<script>alert(1)</script>Hi", "Hi"],
    ["a script with odd case", "<ScRiPt>alert(1)</sCrIpT>Hi", "Hi"],
    ["an image with onerror", '<img src=x onerror="alert(1)">Hi', "Hi"],
    ["an event handler on an allowed tag", '<p onclick="alert(1)" class="x">Hi</p>', "<p>Hi</p>"],
    ["a javascript: link", '<a href="javascript:alert(1)">Hi</a>', "Hi"],
    ["a mixed-case scheme", '<a href="JaVaScRiPt:alert(1)">Hi</a>', "Hi"],
    ["an entity-encoded scheme", '<a href="&#106;avascript:alert(1)">Hi</a>', "Hi"],
    ["a hex entity-encoded scheme", '<a href="&#x6A;&#x61;vascript:alert(1)">Hi</a>', "Hi"],
    ["a scheme split by a tab entity", '<a href="java&#9;script:alert(1)">Hi</a>', "Hi"],
    ["a scheme behind leading spaces", '<a href="  javascript:alert(1)">Hi</a>', "Hi"],
    ["a data: link", '<a href="data:text/html;base64,PHNjcmlwdD4=">Hi</a>', "Hi"],
    ["a vbscript: link", '<a href="vbscript:msgbox(1)">Hi</a>', "Hi"],
    ["a relative link", '<a href="/admin">Hi</a>', "Hi"],
    ["a protocol-relative link", '<a href="//evil.example/x">Hi</a>', "Hi"],
    ["an svg with a script", "<svg onload=alert(1)><script>alert(1)</script>x</svg>Hi", "Hi"],
    ["a math element", '<math><mi xlink:href="javascript:alert(1)">x</mi></math>Hi', "Hi"],
    ["a style element", "<style>body{display:none}</style>Hi", "Hi"],
    ["an inline style", '<p style="background:url(javascript:alert(1))">Hi</p>', "<p>Hi</p>"],
    ["an iframe", '<iframe src="https://evil.example">x</iframe>Hi', "Hi"],
    ["a form", '<form action="https://evil.example"><input name="p" value="x">Hi</form>', "Hi"],
    ["a srcset", '<img srcset="https://evil.example/a.png 1x">Hi', "Hi"],
    ["an object", '<object data="javascript:alert(1)"></object>Hi', "Hi"],
    [
      "a link with target and its own rel",
      '<a href="https://ok.example" target="_blank" rel="opener">Hi</a>',
      '<a href="https://ok.example/" rel="nofollow ugc noopener">Hi</a>',
    ],
    [
      "an attribute breaking out of its quotes",
      '<a href="https://ok.example/&quot; onmouseover=&quot;alert(1)">Hi</a>',
      '<a href="https://ok.example/%22%20onmouseover=%22alert(1)" rel="nofollow ugc noopener">Hi</a>',
    ],
    ["nested disallowed tags", "<div><span><u>Hi</u></span></div>", "Hi"],
    ["unclosed tags", "<b>bold <i>both", "<b>bold <i>both</i></b>"],
    ["a comment hiding markup", "<!-- <script>alert(1)</script> -->Hi", "Hi"],
    ["a meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">Hi', "Hi"],
    ["a base element", '<base href="javascript:alert(1)//">Hi', "Hi"],
  ])("removes %s", (_name, input, expected) => {
    const html = sanitizeCommentHtml(input);
    expect(html).toBe(expected);
    expectOnlyAllowlisted(html);
  });

  it("keeps the allowlisted formatting", () => {
    const input =
      "<p><strong>a</strong> <b>b</b> <em>c</em> <i>d</i> <del>e</del> <s>f</s> <code>g</code><br></p>" +
      "<pre>h</pre><blockquote>i</blockquote><ul><li>j</li></ul><ol><li>k</li></ol>";
    expect(sanitizeCommentHtml(input)).toBe(input.replace("<br>", "<br />"));
  });

  it("marks every http and https link nofollow ugc noopener", () => {
    expect(sanitizeCommentHtml('<a href="http://a.example/x">x</a>')).toBe(
      '<a href="http://a.example/x" rel="nofollow ugc noopener">x</a>',
    );
  });

  it("unwraps Disqus redirect links to their target, over https and http", () => {
    const target = encodeURIComponent("https://tool.example/page?a=1&b=2");
    for (const scheme of ["https", "http"]) {
      expect(
        sanitizeCommentHtml(
          `<a href="${scheme}://disq.us/url?url=${target}:Ab3x0Jb_QMhAaL7s">x</a>`,
        ),
      ).toBe('<a href="https://tool.example/page?a=1&amp;b=2" rel="nofollow ugc noopener">x</a>');
    }
  });

  it("drops a Disqus redirect whose target is not http or https, keeping its text", () => {
    const target = encodeURIComponent("javascript:alert(1)");
    expect(sanitizeCommentHtml(`<a href="https://disq.us/url?url=${target}:abc">text</a>`)).toBe(
      "text",
    );
  });
});

describe("renderCommentMarkdown", () => {
  it("renders emphasis, lists, quotes, code and line breaks", async () => {
    expect(await renderCommentMarkdown("**a** _b_ ~~c~~ `d`\nnext\n\n- one\n\n> quote")).toBe(
      "<p><strong>a</strong> <em>b</em> <del>c</del> <code>d</code><br />next</p>\n" +
        "<ul>\n<li>one</li>\n</ul>\n<blockquote>\n<p>quote</p>\n</blockquote>",
    );
  });

  it("escapes raw HTML instead of rendering it", async () => {
    const html = await renderCommentMarkdown(
      'Hi <script>alert(1)</script> <img src=x onerror="x">',
    );
    expect(html).toBe(
      '<p>Hi &lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror="x"&gt;</p>',
    );
  });

  it("shows an image as its alt text", async () => {
    expect(await renderCommentMarkdown("See ![a chart](https://x.example/c.png)")).toBe(
      "<p>See a chart</p>",
    );
  });

  it("keeps http links with the comment rel and drops other schemes", async () => {
    expect(await renderCommentMarkdown("[ok](https://a.example) [bad](javascript:alert(1))")).toBe(
      '<p><a href="https://a.example/" rel="nofollow ugc noopener">ok</a> bad</p>',
    );
    expect(await renderCommentMarkdown("[x](data:text/html,hi) [y](vbscript:x)")).toBe(
      "<p>x y</p>",
    );
  });

  it("turns headings into emphasised paragraphs", async () => {
    expect(await renderCommentMarkdown("# Big")).toBe("<p><strong>Big</strong></p>");
  });

  it("shows text nested too deep to render as escaped paragraphs", async () => {
    expect(await renderCommentMarkdown(`${">".repeat(3000)} <b>x</b>`)).toBe(
      `<p>${"&gt;".repeat(3000)} &lt;b&gt;x&lt;/b&gt;</p>`,
    );
  });
});

describe("countCommentLinks", () => {
  it("counts the links that survive sanitising", async () => {
    const html = await renderCommentMarkdown(
      "[a](https://a.example) https://b.example www.c.example [bad](javascript:x)",
    );
    expect(countCommentLinks(html)).toBe(3);
    expect(countCommentLinks("<p>no links, not even <abbr></p>")).toBe(0);
  });
});
