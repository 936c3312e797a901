import { describe, expect, it } from "vitest";
import { isTouchTap } from "~/components/use-outside-press";

describe("an outside touch (30 px)", () => {
  const start = { x: 100, y: 200 };

  it("is a tap when it ends where it began or up to 30 px away", () => {
    expect(isTouchTap(start, start)).toBe(true);
    expect(isTouchTap(start, { x: 130, y: 200 })).toBe(true);
    expect(isTouchTap(start, { x: 100, y: 170 })).toBe(true);
    expect(isTouchTap(start, { x: 121, y: 221 })).toBe(true);
  });

  it("is a scroll once it moves more than 30 px, in any direction", () => {
    expect(isTouchTap(start, { x: 131, y: 200 })).toBe(false);
    expect(isTouchTap(start, { x: 100, y: 231 })).toBe(false);
    expect(isTouchTap(start, { x: 78, y: 178 })).toBe(false);
  });
});
