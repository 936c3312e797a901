import { describe, expect, it } from "vitest";
import { buildSnapshot } from "#server/snapshot/snapshot.server";
import { getHomeData } from "#server/services/tools/get-home-data.server";
import { createToolCard } from "../factories";

describe("getHomeData (home reads)", () => {
  const tools = Array.from({ length: 25 }, (_, index) =>
    createToolCard({
      id: `t${index}`,
      createdAt: new Date(Date.UTC(2025, 0, 1 + index)).toISOString(),
      likesTotal: index % 7,
    }),
  );
  const snapshot = buildSnapshot(tools);

  it("lists the 20 newest tools as recently added", () => {
    const home = getHomeData(snapshot, []);
    expect(home.recentlyAdded).toHaveLength(20);
    expect(home.recentlyAdded[0]?.id).toBe("t24");
  });
  it("takes the 5 most liked tools as top tools, the newer first on a tie", () => {
    const home = getHomeData(snapshot, []);
    expect(home.topTools.map((tool) => [tool.id, tool.likesTotal])).toEqual([
      ["t20", 6],
      ["t13", 6],
      ["t6", 6],
      ["t19", 5],
      ["t12", 5],
    ]);
  });
  it("falls back to the 5 newest tools, and says so, when nothing is liked", () => {
    const unliked = buildSnapshot(tools.map((tool) => ({ ...tool, likesTotal: 0 })));
    const home = getHomeData(unliked, []);
    expect(home.topTools.map((tool) => tool.id)).toEqual(["t24", "t23", "t22", "t21", "t20"]);
    expect(home.isTopToolsFallback).toBe(true);
    expect(getHomeData(snapshot, []).isTopToolsFallback).toBe(false);
  });
  it("fills the top 5 with the newest unliked tools when fewer than 5 are liked", () => {
    const oneLiked = buildSnapshot(
      tools.map((tool) => ({ ...tool, likesTotal: tool.id === "t3" ? 2 : 0 })),
    );
    const home = getHomeData(oneLiked, []);
    expect(home.topTools.map((tool) => tool.id)).toEqual(["t3", "t24", "t23", "t22", "t21"]);
    expect(home.isTopToolsFallback).toBe(false);
  });
  it("has no top tools in an empty catalogue", () => {
    const home = getHomeData(buildSnapshot([]), []);
    expect(home.topTools).toEqual([]);
    expect(home.isTopToolsFallback).toBe(false);
  });
  it("keeps the featured ids' order, at most 4, skipping unknown ids", () => {
    const home = getHomeData(snapshot, ["t3", "missing", "t1", "t2", "t4", "t5"]);
    expect(home.featured.map((tool) => tool.id)).toEqual(["t3", "t1", "t2"]);
  });
});
