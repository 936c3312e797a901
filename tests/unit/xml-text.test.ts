import { describe, expect, it } from "vitest";
import { escapeXml } from "#server/core/xml-text.server";
import { parseXml } from "../discovery-xml";

describe("escapeXml", () => {
  it("escapes markup and drops what XML cannot carry, keeping the rest of the text", () => {
    const hostile = `Tom & "Jerry's" <b>AI</b> \u0001\u0008\u007f \uD800 \uFFFE\uFFFF ]]> 🤖`;
    const escaped = escapeXml(hostile);
    expect(escaped).toBe("Tom &amp; &quot;Jerry&apos;s&quot; &lt;b&gt;AI&lt;/b&gt;    ]]&gt; 🤖");
    expect(parseXml(`<a t="${escaped}">${escaped}</a>`).text).toBe(
      `Tom & "Jerry's" <b>AI</b>    ]]> 🤖`,
    );
  });

  it("keeps tab and line breaks, which XML carries", () => {
    expect(escapeXml("one\ttwo\nthree\r\n")).toBe("one\ttwo\nthree\r\n");
  });

  it("keeps a lone low surrogate out and a whole surrogate pair in", () => {
    expect(escapeXml("a\uDC00b\uD83E\uDD16c")).toBe("ab🤖c");
  });
});
