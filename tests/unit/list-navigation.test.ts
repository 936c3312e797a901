import { describe, expect, it } from "vitest";
import { appPathOfClick } from "~/components/use-list-navigation";

const ORIGIN = "https://directory.example";
const plainClick = {
  button: 0,
  metaKey: false,
  altKey: false,
  ctrlKey: false,
  shiftKey: false,
  defaultPrevented: false,
};
function linkTo(href: string, attributes: { target?: string; download?: boolean } = {}) {
  const url = new URL(href, ORIGIN);
  return {
    target: attributes.target ?? "",
    origin: url.origin,
    pathname: url.pathname,
    search: url.search,
    hash: url.hash,
    hasAttribute: (name: string) => name === "download" && Boolean(attributes.download),
  };
}

describe("a click on a chip's plain link", () => {
  it("goes to the link's path, query and hash inside the app", () => {
    expect(appPathOfClick(plainClick, linkTo("/ai-tools?subcategory=SEO+Tools#top"), ORIGIN)).toBe(
      "/ai-tools?subcategory=SEO+Tools#top",
    );
    expect(appPathOfClick(plainClick, linkTo("/", { target: "_self" }), ORIGIN)).toBe("/");
  });

  it("is left to the browser with a modifier key or another button (new tab or window)", () => {
    const link = linkTo("/ai-tools");
    for (const key of ["metaKey", "altKey", "ctrlKey", "shiftKey"] as const) {
      expect(appPathOfClick({ ...plainClick, [key]: true }, link, ORIGIN), key).toBeNull();
    }
    expect(appPathOfClick({ ...plainClick, button: 1 }, link, ORIGIN)).toBeNull();
  });

  it("is left to the browser for another target, a download, another site or a handled click", () => {
    expect(appPathOfClick(plainClick, linkTo("/a", { target: "_blank" }), ORIGIN)).toBeNull();
    expect(appPathOfClick(plainClick, linkTo("/a", { download: true }), ORIGIN)).toBeNull();
    expect(appPathOfClick(plainClick, linkTo("https://elsewhere.example/a"), ORIGIN)).toBeNull();
    expect(
      appPathOfClick({ ...plainClick, defaultPrevented: true }, linkTo("/a"), ORIGIN),
    ).toBeNull();
  });
});
