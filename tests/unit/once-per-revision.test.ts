import { describe, expect, it } from "vitest";
import { buildSnapshot, type CatalogueSnapshot } from "#server/snapshot/snapshot.server";
import { buildSitemap } from "#server/services/discovery/build-sitemap.server";
import {
  oncePerRevision,
  supersededBuild,
} from "#server/services/discovery/once-per-revision.server";
import { createToolCard } from "../factories";

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A keeper whose revision the test moves, and a build that yields a few times as the sitemap's does. */
function setUp(yields = 5) {
  const source = { snapshot: buildSnapshot([]), catalogueRevision: 1 };
  let running = 0;
  let mostAtOnce = 0;
  const finished: number[] = [];
  const stopped: number[] = [];
  const get = oncePerRevision(source, async (_snapshot: CatalogueSnapshot, isCurrent) => {
    const revision = source.catalogueRevision;
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    try {
      for (let turn = 0; turn < yields; turn += 1) {
        await nextTurn();
        if (!isCurrent()) {
          stopped.push(revision);
          throw supersededBuild();
        }
      }
      finished.push(revision);
      return `built at ${revision}`;
    } finally {
      running -= 1;
    }
  });
  return { source, get, finished, stopped, mostAtOnce: () => mostAtOnce };
}

describe("oncePerRevision", () => {
  it("stops a build at its next yield when the revision moves, and its waiters get the new one", async () => {
    const { source, get, finished, stopped, mostAtOnce } = setUp();
    const early = get();
    await nextTurn();
    source.catalogueRevision = 2;
    const late = get();
    expect(await early).toBe("built at 2");
    expect(await late).toBe("built at 2");
    expect(stopped).toEqual([1]);
    expect(finished).toEqual([2]);
    expect(mostAtOnce()).toBe(1);
  });

  it("runs one build at a time through a burst of changes, finishing only the last", async () => {
    const { source, get, finished, mostAtOnce } = setUp();
    const answers: Promise<string>[] = [];
    for (let revision = 2; revision <= 6; revision += 1) {
      answers.push(get());
      await nextTurn();
      source.catalogueRevision = revision;
    }
    answers.push(get());
    expect(await Promise.all(answers)).toEqual(Array(6).fill("built at 6"));
    expect(finished).toEqual([6]);
    expect(mostAtOnce()).toBe(1);
  });

  it("shares one build between requests of the same revision", async () => {
    const { get, finished } = setUp();
    expect(await Promise.all([get(), get()])).toEqual(["built at 1", "built at 1"]);
    expect(await get()).toBe("built at 1");
    expect(finished).toEqual([1]);
  });
});

describe("buildSitemap", () => {
  it("stops at its next yield once its revision is not the current one", async () => {
    const snapshot = buildSnapshot(
      Array.from({ length: 3_000 }, (_, n) => createToolCard({ id: `t${n}`, slug: `tool-${n}` })),
    );
    let asked = 0;
    const build = buildSitemap({
      snapshot,
      updatedAt: new Map(),
      appUrl: "https://tools.example.com",
      isCurrent: () => {
        asked += 1;
        return false;
      },
    });
    await expect(build).rejects.toMatchObject({ name: "AbortError" });
    expect(asked).toBe(1);
  });
});
