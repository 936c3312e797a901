import { describe, expect, it } from "vitest";
import { normaliseAddress, readAddressList, sameSite, siteKeyOf } from "~/lib/ai-draft";

describe("readAddressList", () => {
  it("reads one address per line or separated by commas, semicolons and spaces", () => {
    expect(
      readAddressList("https://a.example/\nb.example, c.example/pricing; http://d.example"),
    ).toEqual(["https://a.example/", "b.example", "c.example/pricing", "http://d.example"]);
  });

  it("skips a CSV header, quotes and cells that are not addresses, and repeats", () => {
    const csv =
      'name,url\n"Alpha","https://alpha.example"\nBeta,beta.example\nGamma,12.5\n,https://alpha.example';
    expect(readAddressList(csv)).toEqual(["https://alpha.example", "beta.example"]);
  });

  it("keeps other schemes so they are refused in words, and splits at invisible marks", () => {
    expect(readAddressList("javascript:alert(1) mailto:a@b.example host:8080 Note:")).toEqual([
      "javascript:alert(1)",
      "mailto:a@b.example",
    ]);
    expect(readAddressList("مرحبا 🚀 \u200Fhttps://a.example/x?y=1\u200F")).toEqual([
      "https://a.example/x?y=1",
    ]);
  });

  it("finds nothing in text without addresses", () => {
    expect(readAddressList("  \n hello world \n")).toEqual([]);
  });
});

describe("normaliseAddress", () => {
  it("adds https, drops tracking parameters and the fragment, keeps other parameters", () => {
    const result = normaliseAddress(
      "Example.COM/tools?utm_source=x&id=7&gclid=abc&fbclid=1&ref=hn#pricing",
    );
    expect(result).toEqual({
      ok: true,
      url: "https://example.com/tools?id=7",
      host: "example.com",
      siteKey: "example.com/tools",
    });
  });

  it("keeps http when given and a port for the fetcher to judge", () => {
    expect(normaliseAddress("http://example.com:8080/a")).toMatchObject({
      ok: true,
      url: "http://example.com:8080/a",
    });
    expect(normaliseAddress("example.com:8080")).toMatchObject({
      ok: true,
      url: "https://example.com:8080/",
    });
  });

  it.each([
    ["", "The address is empty."],
    ["ftp://example.com/file", "Only http and https addresses are fetched."],
    ["javascript:alert(1)", "Only http and https addresses are fetched."],
    ["https://user:secret@example.com/", "Addresses with a user name or password are not fetched."],
    ["https://exa mple.com/", "This is not a web address."],
    ["intranet", "The address has no site name."],
    [`https://example.com/${"a".repeat(2_000)}`, "The address is longer than 2000 characters."],
  ])("refuses %j: %s", (text, message) => {
    expect(normaliseAddress(text)).toEqual({ ok: false, code: "invalid_address", message });
  });
});

describe("sameSite (duplicates)", () => {
  const key = (text: string) => siteKeyOf(new URL(text));

  it("ignores www., the scheme, a trailing slash and the case", () => {
    expect(key("http://WWW.Jasper.ai/")).toBe("jasper.ai");
    expect(sameSite(key("https://jasper.ai"), key("http://www.jasper.ai/"))).toBe(true);
  });

  it("counts a page of a site as that site, but two paths of one host as two sites", () => {
    expect(sameSite(key("https://jasper.ai/pricing"), key("https://jasper.ai/"))).toBe(true);
    expect(
      sameSite(
        key("https://huggingface.co/spaces/a/one"),
        key("https://huggingface.co/spaces/a/two"),
      ),
    ).toBe(false);
    expect(sameSite(key("https://a.example"), key("https://b.example"))).toBe(false);
  });
});
