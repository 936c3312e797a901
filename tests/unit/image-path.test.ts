import { describe, expect, it } from "vitest";
import { imageUrlCandidates, resolveImagePath } from "~/lib/image-path";

describe("resolveImagePath", () => {
  it("gives an empty result for an empty path", () => {
    expect(resolveImagePath("")).toBe("");
    expect(resolveImagePath(null)).toBe("");
  });
  it("returns a path starting with http unchanged", () => {
    expect(resolveImagePath("https://cdn.example/a.png", "large")).toBe(
      "https://cdn.example/a.png",
    );
    expect(resolveImagePath("http://cdn.example/a.jpg")).toBe("http://cdn.example/a.jpg");
  });
  it.each(["jpg", "jpeg", "png", "webp", "JPG"])(
    "removes the .%s extension and adds .webp",
    (ext) => {
      expect(resolveImagePath(`tools/logo.${ext}`, "small")).toBe("tools/logo_300x300.webp");
    },
  );
  it("adds the size suffix to a path without extension", () => {
    expect(resolveImagePath("tools/logo", "large")).toBe("tools/logo_1200x900.webp");
  });
  it("replaces an existing size suffix", () => {
    expect(resolveImagePath("tools/logo_300x300.webp", "large")).toBe("tools/logo_1200x900.webp");
    expect(resolveImagePath("tools/logo_1200x900", "medium")).toBe("tools/logo_600x450.webp");
  });
  it("maps small, medium and large to their sizes, medium by default", () => {
    expect(resolveImagePath("a.png", "small")).toBe("a_300x300.webp");
    expect(resolveImagePath("a.png", "medium")).toBe("a_600x450.webp");
    expect(resolveImagePath("a.png", "large")).toBe("a_1200x900.webp");
    expect(resolveImagePath("a.png")).toBe("a_600x450.webp");
  });
  it("falls back to medium for any other size name", () => {
    expect(resolveImagePath("a.png", "huge")).toBe("a_600x450.webp");
  });
});

describe("imageUrlCandidates (webp sibling first, original as fallback)", () => {
  it("tries the resized webp, then the original", () => {
    expect(imageUrlCandidates("tools/a.png", "small")).toEqual([
      "/media/tools/a_300x300.webp",
      "/media/tools/a.png",
    ]);
  });
  it("has nothing to try without a path", () => {
    expect(imageUrlCandidates("")).toEqual([]);
  });
  it("uses an absolute URL as it is", () => {
    expect(imageUrlCandidates("https://cdn.example/a.png")).toEqual(["https://cdn.example/a.png"]);
  });
});
