import { describe, expect, it } from "vitest";
import { keptPathOf, referrerHostOf } from "#server/services/analytics/event-fields.server";

describe("keptPathOf", () => {
  it("keeps a path without a query as it is", () => {
    expect(keptPathOf("/ai-tools/writing")).toEqual({
      path: "/ai-tools/writing",
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
    });
  });

  it("drops every query parameter but the campaign ones, and the fragment", () => {
    expect(
      keptPathOf(
        "/ai-tools?search=alice%40example.com&token=abc&utm_source=news&utm_medium=email&utm_campaign=june&utm_term=ai&utm_content=top&utm_other=x#comments",
      ).path,
    ).toBe(
      "/ai-tools?utm_source=news&utm_medium=email&utm_campaign=june&utm_term=ai&utm_content=top",
    );
  });

  it("names the source, medium and campaign for their columns", () => {
    expect(keptPathOf("/?utm_campaign=spring&utm_source=Newsletter")).toEqual({
      path: "/?utm_source=Newsletter&utm_campaign=spring",
      utmSource: "Newsletter",
      utmMedium: null,
      utmCampaign: "spring",
    });
  });

  it("keeps no empty campaign parameter and no lone question mark", () => {
    expect(keptPathOf("/tools?utm_source=&page=2").path).toBe("/tools");
    expect(keptPathOf("/tools?#top").path).toBe("/tools");
  });

  it("replaces emails and tokens in the pathname and the campaign values", () => {
    expect(
      keptPathOf(
        "/u/jane.doe@corp.example/reset/0123456789abcdef0123456789abcdef?utm_content=ann%40example.com",
      ),
    ).toMatchObject({ path: "/u/[email]/reset/[token]?utm_content=%5Bemail%5D" });
  });

  it("drops control characters a campaign value decodes to, and a value left empty", () => {
    expect(keptPathOf("/t?utm_source=%00x&utm_medium=%01%7F&utm_campaign=c")).toEqual({
      path: "/t?utm_source=x&utm_campaign=c",
      utmSource: "x",
      utmMedium: null,
      utmCampaign: "c",
    });
  });

  it("does not read a fragment's question mark as a query", () => {
    expect(keptPathOf("/tools#a?utm_source=x").path).toBe("/tools");
  });
});

describe("referrerHostOf", () => {
  it("keeps only another site's host, lower-cased", () => {
    expect(
      referrerHostOf("https://WWW.Example.COM:8443/search?q=private#x", "tools.example.org"),
    ).toBe("www.example.com");
  });

  it("counts our own pages as no referrer", () => {
    expect(referrerHostOf("https://Tools.Example.org/ai-tools", "tools.example.org")).toBeNull();
  });

  it("ignores what is not an http(s) address", () => {
    expect(referrerHostOf(undefined, "tools.example.org")).toBeNull();
    expect(referrerHostOf("", "tools.example.org")).toBeNull();
    expect(referrerHostOf("not an address", "tools.example.org")).toBeNull();
    expect(referrerHostOf("android-app://com.google.app/", "tools.example.org")).toBeNull();
    expect(referrerHostOf("file:///home/me/page.html", "tools.example.org")).toBeNull();
  });
});
