import { describe, expect, it, vi } from "vitest";
import { toolOgImagePath, versionOf } from "~/lib/og-image";
import { OgImageCache } from "#server/media/og-images/og-image-cache.server";
import {
  compareCardSvg,
  toolCardSvg,
  truncateText,
  wrapText,
} from "#server/media/og-images/og-image-svg.server";

describe("Open Graph card text", () => {
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

describe("a comparison's Open Graph card", () => {
  const tool = (name: string, category: string, subCategory: string) => ({
    name,
    category,
    subCategory,
    cardDescription: "",
  });
  const textsOf = (svg: string) =>
    [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]!);

  it("wraps four tools' names over lines instead of cutting them", () => {
    const svg = compareCardSvg(
      [
        tool("Zed Renamed & Co", "Human Resources", "Onboarding"),
        tool("Anchor Loop", "Sales", "Lead Generation"),
        tool("A-B ScriptQuotes", "Writing", "Copywriting"),
        tool("Prismai", "Marketing", "SEO"),
      ],
      [true, false, false, true],
    );
    const texts = textsOf(svg);
    expect(texts.join(" ")).toContain("Anchor Loop vs A-B ScriptQuotes vs Prismai");
    expect(texts.filter((text) => text.includes("…"))).toEqual([]);
    expect(texts.join(" ")).toContain("Human Resources · Onboarding");
    expect(texts.join(" ")).toContain("Marketing · SEO");
  });

  it("names both tools of a pair whose first name is long, in smaller letters over three lines", () => {
    const texts = textsOf(
      compareCardSvg(
        [
          tool("Glide vs Prismai Extraordinary Long Name Generator", "Sales", "CRM"),
          tool("Zed Renamed & Co", "Sales", "CRM"),
        ],
        [false, false],
      ),
    );
    expect(texts.join(" ")).toContain("Generator vs Zed Renamed &amp; Co");
  });

  it("gives every tool its place in the row: its image's frame or its initial", () => {
    const svg = compareCardSvg(
      [tool("alpha", "Sales", "CRM"), tool("Beta", "Sales", "CRM"), tool("Gamma", "Sales", "CRM")],
      [false, true, false],
    );
    expect(svg.match(/rx="18" fill="#ffffff"/g)).toHaveLength(3);
    expect(textsOf(svg)).toEqual(expect.arrayContaining(["A", "G"]));
  });

  it("keeps the categories whole when the tools' subcategories do not fit", () => {
    const long = (category: string) => tool(`${category} Tool`, category, "A".repeat(40));
    const texts = textsOf(
      compareCardSvg(
        [long("Human Resources"), long("Operations"), long("Marketing"), long("Sales")],
        [false, false, false, false],
      ),
    );
    expect(texts).toContain("Human Resources  |  Operations  |  Marketing  |  Sales");
  });
});

describe("an Open Graph image's version", () => {
  it("is the v of the image's address", () => {
    const tool = { slug: "a", updatedAt: "2026-03-01T10:00:00.000Z" };
    expect(toolOgImagePath(tool)).toBe(`/og/tools/a.png?v=${versionOf([tool])}`);
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

  it("refuses a new render while its slots and queue are full, and lets one in again after", async () => {
    const cache = new OgImageCache(1000, 1);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const slow = () => released.then(() => Buffer.from("png"));
    const taken = ["a", "b", "c"].map((key) => cache.get(key, slow));
    expect(await cache.get("d", slow)).toBeNull();
    const joined = cache.get("a", slow);
    release();
    await Promise.all([...taken, joined]);
    expect(await joined).toEqual(Buffer.from("png"));
    expect(await cache.get("d", async () => Buffer.from("d"))).toEqual(Buffer.from("d"));
  });

  it("drops the least recently used entries beyond its byte bound", async () => {
    const cache = new OgImageCache(10);
    const render = (text: string) => async () => Buffer.from(text);
    await cache.get("a", render("aaaa"));
    await cache.get("b", render("bbbb"));
    await cache.get("a", render("aaaa"));
    await cache.get("c", render("cccc"));
    const again = vi.fn(render("anew"));
    await cache.get("a", again);
    expect(again).not.toHaveBeenCalled();
    await cache.get("b", again);
    expect(again).toHaveBeenCalledTimes(1);
  });
});
