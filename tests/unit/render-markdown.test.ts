import { describe, expect, it } from "vitest";
import { renderMarkdown } from "#server/services/tools/render-markdown.server";

describe("renderMarkdown (DESIGN.md 8: sanitized Markdown)", () => {
  it("renders headings, lists and emphasis", async () => {
    const html = await renderMarkdown("## Title\n\n- **one**\n- two");
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<li><strong>one</strong></li>");
  });
  it("escapes raw HTML", async () => {
    const html = await renderMarkdown(
      'Hello <script>alert(1)</script> <img src=x onerror="alert(1)">',
    );
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;");
  });
  it("keeps http links and drops javascript links", async () => {
    expect(await renderMarkdown("[ok](https://example.com)")).toContain(
      '<a href="https://example.com"',
    );
    const bad = await renderMarkdown("[bad](javascript:alert(1))");
    expect(bad).not.toContain("<a");
    expect(bad).toContain("bad");
  });
});

describe("renderMarkdown on text nested too deep for the renderer", () => {
  it("shows it as escaped plain paragraphs instead of throwing, and warns once per text", async () => {
    const warnings: unknown[] = [];
    const logger = { warn: (...args: unknown[]) => warnings.push(args) };
    const source = `${">".repeat(3000)} <b>deep</b>\n\nA second paragraph`;
    const html = await renderMarkdown(source, logger);
    expect(html).toBe(
      `<p>${"&gt;".repeat(3000)} &lt;b&gt;deep&lt;/b&gt;</p>\n<p>A second paragraph</p>\n`,
    );
    await renderMarkdown(source, logger);
    expect(warnings).toHaveLength(1);
  });

  it.each([
    ["2,000 quote markers", ">".repeat(2000)],
    ["3,000 nested list markers on one line", `${"- ".repeat(3000)}x`],
    ["3,000 nested ordered list markers", `${"1. ".repeat(3000)}x`],
    [
      "140 levels of indented lists",
      Array.from({ length: 140 }, (_, i) => `${"  ".repeat(i)}- x`).join("\n"),
    ],
    ["5,000 asterisks", "*".repeat(5000)],
    ["5,000 unclosed emphasis openers", "**a".repeat(5000)],
    ["100,000 backticks", "`".repeat(100_000)],
    ["10,000 link openers", "[".repeat(10_000)],
    ["3,000 nested links", `${"[".repeat(3000)}a${"](b)".repeat(3000)}`],
  ])("renders %s without throwing", async (_name, source) => {
    expect(typeof (await renderMarkdown(source))).toBe("string");
  });
});
