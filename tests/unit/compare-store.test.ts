import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  addComparedTool,
  clearComparedTools,
  parseComparedTools,
  removeComparedTool,
} from "~/components/compare/compare-store";
import { COMPARE_STORAGE_KEY, MAX_COMPARED_TOOLS } from "~/lib/compare";

const tool = (n: number) => ({ id: `id-${n}`, slug: `tool-${n}`, name: `Tool ${n}` });

function fakeWindow() {
  const items = new Map<string, string>();
  return {
    items,
    localStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    },
    addEventListener: () => {},
    removeEventListener: () => {},
  };
}

describe("parseComparedTools", () => {
  it.each([
    ["not JSON", "{oops"],
    ["an object", '{"id":"a","slug":"a","name":"A"}'],
    ["a number", "42"],
    ["null", "null"],
    ["nothing", null],
  ])("reads %s as an empty tray", (_, text) => {
    expect(parseComparedTools(text)).toEqual([]);
  });

  it("keeps the valid tools among garbage, each once, with only their three fields", () => {
    const text = JSON.stringify([
      { ...tool(1), extra: "<script>" },
      null,
      "Tool 2",
      { id: "id-3", slug: "tool-3" },
      { id: "id-4", slug: 4, name: "Tool 4" },
      { id: "", slug: "empty", name: "Empty" },
      { ...tool(1), name: "Tool 1 again" },
      tool(5),
    ]);
    expect(parseComparedTools(text)).toEqual([tool(1), tool(5)]);
  });

  it("keeps at most four tools, the first added", () => {
    const text = JSON.stringify([1, 2, 3, 4, 5, 6].map(tool));
    expect(parseComparedTools(text)).toEqual([1, 2, 3, 4].map(tool));
  });
});

describe("the compare store", () => {
  let window: ReturnType<typeof fakeWindow>;
  const stored = () => JSON.parse(window.items.get(COMPARE_STORAGE_KEY) ?? "[]") as unknown;
  beforeEach(() => {
    window = fakeWindow();
    vi.stubGlobal("window", window);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("adds a tool once, however often it is added", () => {
    expect(addComparedTool(tool(1))).toBe(true);
    expect(addComparedTool(tool(1))).toBe(true);
    expect(stored()).toEqual([tool(1)]);
  });

  it("refuses a fifth tool and keeps the four", () => {
    for (const n of [1, 2, 3, 4]) expect(addComparedTool(tool(n))).toBe(true);
    expect(addComparedTool(tool(5))).toBe(false);
    expect(stored()).toHaveLength(MAX_COMPARED_TOOLS);
    expect(stored()).not.toContainEqual(tool(5));
  });

  it("adds to what another tab stored, after dropping its garbage", () => {
    window.items.set(COMPARE_STORAGE_KEY, JSON.stringify([tool(1), "junk", tool(1)]));
    addComparedTool(tool(2));
    expect(stored()).toEqual([tool(1), tool(2)]);
  });

  it("starts over when storage holds something unreadable", () => {
    window.items.set(COMPARE_STORAGE_KEY, "][");
    addComparedTool(tool(3));
    expect(stored()).toEqual([tool(3)]);
  });

  it("removes one tool and clears them all", () => {
    for (const n of [1, 2, 3]) addComparedTool(tool(n));
    removeComparedTool("id-2");
    expect(stored()).toEqual([tool(1), tool(3)]);
    clearComparedTools();
    expect(stored()).toEqual([]);
  });

  it("still works on the page when storage refuses to be written", () => {
    window.localStorage.setItem = () => {
      throw new Error("QuotaExceededError");
    };
    window.localStorage.getItem = () => {
      throw new Error("SecurityError");
    };
    clearComparedTools();
    expect(addComparedTool(tool(1))).toBe(true);
    expect(addComparedTool(tool(1))).toBe(true);
    expect(addComparedTool(tool(2))).toBe(true);
  });
});
