import { describe, expect, it } from "vitest";
import {
  createThreadMatcher,
  linkPathOf,
  mappingKeyOf,
} from "#server/services/comment-import/match-thread.server";
import { readThreadMapping } from "#server/services/comment-import/read-thread-mapping.server";

const TOOLS = [
  {
    id: "t-1",
    slug: "jasper-ai",
    name: "Jasper AI",
    category: "Writing",
    subCategory: "Copywriting",
  },
  { id: "t-2", slug: "beam", name: "Beam CRM", category: "Sales", subCategory: null },
  { id: "t-3", slug: "loner", name: "Loner", category: null, subCategory: null },
];

function thread(overrides: {
  link?: string;
  identifier?: string;
  key?: string;
  toolId?: string;
  slug?: string;
}) {
  return {
    link: overrides.link ?? null,
    identifier: overrides.identifier ?? null,
    key: overrides.key ?? "k1",
    toolId: overrides.toolId ?? null,
    slug: overrides.slug ?? null,
  };
}

describe("matching a thread's link to a tool", () => {
  const match = createThreadMatcher(TOOLS);
  const by = (link: string) => {
    const found = match(thread({ link }));
    return found && [found.tool.id, found.matchedBy];
  };

  it("ignores the old domain, scheme, www, trailing slash, query and fragment", () => {
    for (const link of [
      "https://www.old-site.example/ai-tools/writing/copywriting/jasper-ai/",
      "http://old-site.example/ai-tools/writing/copywriting/jasper-ai?utm=1#disqus_thread",
      "/ai-tools/Writing/Copywriting/Jasper-AI",
      "//cdn.example/ai-tools/writing/copywriting/jasper-ai",
    ]) {
      expect(by(link), link).toEqual(["t-1", "path"]);
    }
  });

  it("matches current paths of tools without a subcategory or category", () => {
    expect(by("https://x.example/ai-tools/sales/beam")).toEqual(["t-2", "path"]);
    expect(by("https://x.example/ai-tools/uncategorized/loner/")).toEqual(["t-3", "path"]);
  });

  it("matches a tool that moved to another category by its slug", () => {
    expect(by("https://x.example/ai-tools/marketing/seo/jasper-ai")).toEqual(["t-1", "path"]);
  });

  it("matches /tool/ aliases by slug or by the slug of the name", () => {
    expect(by("https://x.example/tool/jasper-ai")).toEqual(["t-1", "alias"]);
    expect(by("https://x.example/tools/Beam%20CRM/")).toEqual(["t-2", "alias"]);
  });

  it("matches an old path whose last segment is a slug, with or without a page suffix", () => {
    expect(by("https://old.example/reviews/jasper-ai.html")).toEqual(["t-1", "old-slug"]);
    expect(by("https://old.example/2019/05/beam-crm/")).toEqual(["t-2", "old-slug"]);
  });

  it("matches nothing for other paths, the home page or non-web links", () => {
    expect(by("https://old.example/blog/hello-world")).toBeNull();
    expect(by("https://old.example/")).toBeNull();
    expect(by("javascript:alert(1)")).toBeNull();
    expect(by("https://old.example/ai-tools/writing")).toBeNull();
  });
});

describe("the order of the matching rules", () => {
  it("prefers a JSON thread's toolId, then its slug, then the link, then the identifier", () => {
    const match = createThreadMatcher(TOOLS);
    expect(match(thread({ toolId: "t-3", slug: "beam", link: "/tool/jasper-ai" }))?.tool.id).toBe(
      "t-3",
    );
    expect(match(thread({ slug: "beam", link: "/tool/jasper-ai" }))?.tool.id).toBe("t-2");
    expect(match(thread({ link: "/tool/jasper-ai", identifier: "beam" }))?.tool.id).toBe("t-1");
    expect(match(thread({ link: "/blog/x", identifier: "beam" }))).toMatchObject({
      tool: { id: "t-2" },
      matchedBy: "id",
    });
    expect(match(thread({ identifier: "t-3" }))).toMatchObject({
      tool: { id: "t-3" },
      matchedBy: "id",
    });
  });

  it("uses the mapping file last, by link, path or identifier", () => {
    const mapping = new Map(
      readThreadMapping(
        "map.csv",
        "thread,tool\nhttps://www.old.example/blog/best-writer/,jasper-ai\npage-7,t-2\n/blog/x,loner\n",
      ).map((entry) => [entry.key, entry.tool]),
    );
    const match = createThreadMatcher(TOOLS, mapping);
    expect(match(thread({ link: "http://old.example/blog/best-writer" }))).toMatchObject({
      tool: { id: "t-1" },
      matchedBy: "mapping",
    });
    expect(match(thread({ link: "/nothing", identifier: "page-7" }))?.tool.id).toBe("t-2");
    expect(match(thread({ link: "/blog/x", identifier: "jasper-ai" }))).toMatchObject({
      tool: { id: "t-1" },
      matchedBy: "id",
    });
  });
});

describe("mapping files", () => {
  it("reads JSON objects and arrays", () => {
    expect(readThreadMapping("m.json", '{ "https://a.example/x/": "beam" }')).toEqual([
      { key: "path:/x", tool: "beam", line: 1 },
    ]);
    expect(readThreadMapping("m.json", '[{ "thread": "42", "tool": "t-1" }]')).toEqual([
      { key: "id:42", tool: "t-1", line: 1 },
    ]);
  });

  it("refuses a CSV without the thread and tool columns, naming line 1", () => {
    expect(() => readThreadMapping("m.csv", "link,slug\n/a,b\n")).toThrow(
      "Line 1: The mapping file m.csv needs the columns thread,tool.",
    );
  });

  it("keys links by path and anything else as an id", () => {
    expect(mappingKeyOf("HTTPS://www.Old.example/A/b/?q=1")).toBe("path:/a/b");
    expect(mappingKeyOf("/a/b/")).toBe("path:/a/b");
    expect(mappingKeyOf("jasper-ai")).toBe("id:jasper-ai");
    expect(linkPathOf("https://old.example/caf%C3%A9/")).toBe("/café");
  });
});
