import type { ShouldRevalidateFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { shouldRevalidate } from "~/client/root-revalidation";

const at = (path: string) => new URL(path, "http://localhost");

function decide(from: string, to: string, extra: Partial<ShouldRevalidateFunctionArgs> = {}) {
  return shouldRevalidate({
    currentUrl: at(from),
    nextUrl: at(to),
    currentParams: {},
    nextParams: {},
    defaultShouldRevalidate: true,
    ...extra,
  } as ShouldRevalidateFunctionArgs);
}

describe("the root loader (viewer and liked tools) runs again", () => {
  it("not when a browse filter or search changes only the query", () => {
    expect(decide("/ai-tools", "/ai-tools?search=crm")).toBe(false);
    expect(decide("/ai-tools/sales?sort=Rating", "/ai-tools/sales?pricing=Free")).toBe(false);
  });

  it("when the page changes, on revalidate() (same address) and after a form", () => {
    expect(decide("/ai-tools", "/ai-tools/sales")).toBe(true);
    expect(decide("/ai-tools?search=crm", "/ai-tools?search=crm")).toBe(true);
    expect(decide("/newsletter", "/newsletter?x=1", { formMethod: "POST" })).toBe(true);
  });
});
