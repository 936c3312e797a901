import { describe, expect, it, vi } from "vitest";
import { OgImageCache } from "../../server/media/og-images/og-image-cache.server";
import {
  compareCardSvg,
  escapeXml,
  toolCardSvg,
  truncateText,
  wrapText,
} from "../../server/media/og-images/og-image-svg.server";

describe("Open Graph card text", () => {
  it("escapes XML's special characters and drops what XML cannot hold", () => {
    expect(escapeXml(`<script>&"'`)).toBe("&lt;script&gt;&amp;&quot;&apos;");
    expect(escapeXml("a\u0000b\u001Fc\uFFFEd\uD800e")).toBe("abcde");
    expect(escapeXml("rocket 🚀")).toBe("rocket 🚀");
  });

  it("cuts long text with an ellipsis, never in the middle of an emoji", () => {
    expect(truncateText("short", 10)).toBe("short");
    expect(truncateText("a much longer name", 10)).toBe("a much lo…");
    expect(truncateText("🚀🚀🚀🚀", 3)).toBe("🚀🚀…");
  });

  it("wraps words into lines and ends the last one with an ellipsis when text is left", () => {
    expect(wrapText("one two three four", 9, 3)).toEqual(["one two", "three", "four"]);
    expect(wrapText("one two three four five six", 9, 2)).toEqual(["one two", "three fo…"]);
    expect(wrapText("abcdefghijkl", 5, 3)).toEqual(["abcde", "fghij", "kl"]);
    expect(wrapText("   ", 5, 2)).toEqual([]);
  });

  it("puts a hostile tool name into the drawing only escaped", () => {
    const svg = toolCardSvg(
      {
        name: `</text><script>alert(1)</script>`,
        category: "A&B",
        subCategory: null,
        cardDescription: "x".repeat(5000),
      },
      true,
    );
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&lt;/text&gt;");
    expect(svg).toContain("A&amp;B");
    expect(svg.length).toBeLessThan(5000);
  });

  it("names every compared tool with vs between them", () => {
    const tool = (name: string) => ({
      name,
      category: "Sales",
      subCategory: null,
      cardDescription: "",
    });
    expect(compareCardSvg([tool("Alpha"), tool("Beta")], [false, false])).toContain(
      "Alpha vs Beta",
    );
  });
});

describe("the Open Graph image cache", () => {
  it("renders a key once, also when asked again while it renders, and keeps the bytes", async () => {
    const cache = new OgImageCache(1000);
    const render = vi.fn(async () => Buffer.from("png"));
    const [a, b] = await Promise.all([cache.get("k", render), cache.get("k", render)]);
    const c = await cache.get("k", render);
    expect(render).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
    expect(c).toBe(a);
  });

  it("drops the least recently used entries beyond its byte bound", async () => {
    const cache = new OgImageCache(10);
    const render = (text: string) => async () => Buffer.from(text);
    await cache.get("a", render("aaaa"));
    await cache.get("b", render("bbbb"));
    await cache.get("a", render("aaaa"));
    await cache.get("c", render("cccc"));
    const again = vi.fn(render("xxxx"));
    await cache.get("a", again);
    expect(again).not.toHaveBeenCalled();
    await cache.get("b", again);
    expect(again).toHaveBeenCalledTimes(1);
  });
});
