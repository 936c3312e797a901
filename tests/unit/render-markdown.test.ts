import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../server/services/tools/render-markdown.server";

describe("renderMarkdown (DESIGN.md 8: sanitized Markdown)", () => {
  it("renders headings, lists and emphasis", () => {
    const html = renderMarkdown("## Title\n\n- **one**\n- two");
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<li><strong>one</strong></li>");
  });
  it("escapes raw HTML", () => {
    const html = renderMarkdown('Hello <script>alert(1)</script> <img src=x onerror="alert(1)">');
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;");
  });
  it("keeps http links and drops javascript links", () => {
    expect(renderMarkdown("[ok](https://example.com)")).toContain('<a href="https://example.com"');
    const bad = renderMarkdown("[bad](javascript:alert(1))");
    expect(bad).not.toContain("<a");
    expect(bad).toContain("bad");
  });
});
