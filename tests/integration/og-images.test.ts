import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { compareOgImagePath, OG_IMAGE_PATH, toolOgImagePath } from "~/lib/og-image";
import type { ToolCard, ToolDetail } from "~/lib/tool";
import type { Application } from "#server/boot.server";
import { handleErrors } from "#server/http/error-handler.server";
import { DemoImages } from "#server/media/demo-images.server";
import { OgImageCache } from "#server/media/og-images/og-image-cache.server";
import { OG_RENDER_RATE, ogImageRoutes } from "#server/routes/og-image-routes.server";
import {
  renderCompareOgImage,
  renderToolOgImage,
} from "#server/media/og-images/render-og-image.server";
import type * as RenderOgImage from "#server/media/og-images/render-og-image.server";
import type { RateRule } from "#server/rate-limit/consume-rate-limit.server";
import { buildSnapshot } from "#server/snapshot/snapshot.server";
import { createToolCard } from "../factories";

// The generated Open Graph images, served as http.server.ts mounts them.

vi.mock("#server/media/og-images/render-og-image.server", async (importOriginal) => {
  const original = await importOriginal<typeof RenderOgImage>();
  return {
    ...original,
    renderToolOgImage: vi.fn(original.renderToolOgImage),
    renderCompareOgImage: vi.fn(original.renderCompareOgImage),
  };
});

const UPDATED_AT = "2026-03-01T10:00:00.000Z";
const pictured = createToolCard({
  slug: "rank-up",
  name: 'Rank Up <&> "Pro"',
  image: "demo/demo-0001.webp",
});
const plain = createToolCard({ slug: "crawly", name: "Crawly", category: null, subCategory: null });
const third = createToolCard({ slug: "ad-maker", name: "Ad Maker" });
const versus = createToolCard({ slug: "humans-vs-ai", name: "Humans vs AI" });
const spies = [createToolCard({ slug: "spy" }), createToolCard({ slug: "spy-vs-spy" })];
const cards = [
  pictured,
  plain,
  third,
  versus,
  ...spies,
  ...["d", "e"].map((slug) => createToolCard({ slug })),
];

let mediaDir: string;
const servers: http.Server[] = [];
let base: string;
/** The database's records where they differ from the snapshot's cards (a save not yet in it). */
const saved = new Map<string, Partial<ToolDetail>>();
const getToolDetail = vi.fn(async (id: string) => {
  const card = cards.find((tool) => tool.id === id);
  return card
    ? ({ ...card, status: "online", updatedAt: UPDATED_AT, ...saved.get(id) } as ToolDetail)
    : null;
});
/** Rate limit steps taken, and whether the next ones are refused. */
const steps: { key: string; rule: RateRule }[] = [];
let isRefusing = false;
const limitRate = vi.fn(async (key: string, rule: RateRule) => {
  steps.push({ key, rule });
  return { allowed: !isRefusing, retryAfter: 42 };
});

async function serve(demoImages: Application["demoImages"], cache?: OgImageCache): Promise<string> {
  const app = {
    snapshotKeeper: { snapshot: buildSnapshot(cards) },
    services: { getToolDetail, limitRate },
    mediaDir,
    demoImages,
  } as unknown as Application;
  const handler = express()
    .use(OG_IMAGE_PATH, ogImageRoutes(app, { cache }))
    .use(handleErrors(pino({ level: "silent" })));
  const server = http.createServer(handler).listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), "og-media-"));
  base = await serve(new DemoImages(mediaDir, cards));
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await rm(mediaDir, { recursive: true, force: true });
});

const get = async (address: string, at = base) => {
  const response = await fetch(`${at}${address}`, { redirect: "manual" });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
};
const rendersOf = (tool: ToolCard) =>
  vi.mocked(renderToolOgImage).mock.calls.filter(([drawn]) => drawn.slug === tool.slug).length;
const toolImage = (tool: { slug: string }) =>
  toolOgImagePath({ slug: tool.slug, updatedAt: UPDATED_AT });

describe("a tool's Open Graph image", () => {
  it("is a 1200x630 PNG, with or without the tool's own image, cached long at its version", async () => {
    for (const tool of [pictured, plain]) {
      const { response, bytes } = await get(toolImage(tool));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(response.headers.get("cache-control")).toContain("immutable");
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
    }
  });

  it("is rendered once and then served from its cache", async () => {
    const first = await get(toolImage(third));
    const second = await get(toolImage(third));
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(rendersOf(third)).toBe(1);
  });

  it("draws the tool as the database has it at the version it names, not the snapshot's card", async () => {
    const savedAt = "2026-03-02T10:00:00.000Z";
    const tool = cards.find((card) => card.slug === "d")!;
    saved.set(tool.id, { name: "Renamed Tool", updatedAt: savedAt });
    const { response, bytes } = await get(toolOgImagePath({ slug: "d", updatedAt: savedAt }));
    expect(response.headers.get("cache-control")).toContain("immutable");
    const source = { mediaDir, demoImages: new DemoImages(mediaDir, cards) };
    const expected = await renderToolOgImage({ ...tool, name: "Renamed Tool" }, source);
    expect(bytes.equals(expected)).toBe(true);
    saved.clear();
  });

  it("moves an address in capitals to its lower case, as the tool's page does", async () => {
    const { response } = await get("/og/tools/Rank-Up.png?v=1");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/og/tools/rank-up.png?v=1");
  });

  it("is cached only briefly without the current version", async () => {
    for (const address of [`/og/tools/${third.slug}.png`, `/og/tools/${third.slug}.png?v=old`]) {
      const { response } = await get(address);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    }
  });

  it("answers 404, never 500, for an unknown slug or a malformed address", async () => {
    for (const address of [
      "/og/tools/nobody.png",
      "/og/tools/rank-up.jpg",
      "/og/tools/Nobody.png",
      "/og/tools/..%2f..%2fetc.png",
      "/og/tools/rank-up.png/more",
      "/og/tools/",
      `/og/tools/${"a".repeat(10_000)}.png`,
    ]) {
      expect((await get(address)).response.status, address).toBe(404);
    }
    expect((await get("/og/tools/%E0%A4%A.png")).response.status).toBe(400);
  });
});

describe("a comparison's Open Graph image", () => {
  it("is a 1200x630 PNG at its canonical address", async () => {
    const address = compareOgImagePath(
      [pictured, plain, third].map((tool) => ({ slug: tool.slug, updatedAt: UPDATED_AT })),
    );
    const { response, bytes } = await get(address);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
  });

  it("redirects another order of the same tools to the canonical one", async () => {
    const { response } = await get("/og/compare/rank-up-vs-crawly.png?v=1");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/og/compare/crawly-vs-rank-up.png?v=1");
  });

  it("reads a slug that holds -vs- as the compare page does", async () => {
    const address = compareOgImagePath(
      [plain, versus].map((tool) => ({ slug: tool.slug, updatedAt: UPDATED_AT })),
    );
    expect(address).toMatch(/^\/og\/compare\/crawly-vs-humans-vs-ai\.png/);
    expect((await get(address)).response.status).toBe(200);
  });

  it("answers a set's own address, even where its slugs hold -vs-, without redirecting", async () => {
    const address = compareOgImagePath(
      spies.map((tool) => ({ slug: tool.slug, updatedAt: UPDATED_AT })),
    );
    expect(address).toMatch(/^\/og\/compare\/spy-vs-spy-vs-spy\.png/);
    expect((await get(address)).response.status).toBe(200);
  });

  it("draws the tools as the database has them", async () => {
    const savedAt = "2026-03-02T10:00:00.000Z";
    saved.set(third.id, { name: "Ad Maker Renamed", updatedAt: savedAt });
    const versions = [plain, third].map((tool) => ({
      slug: tool.slug,
      updatedAt: saved.get(tool.id)?.updatedAt ?? UPDATED_AT,
    }));
    const { response } = await get(compareOgImagePath(versions));
    expect(response.headers.get("cache-control")).toContain("immutable");
    const drawn = vi.mocked(renderCompareOgImage).mock.calls.at(-1)![0];
    expect(drawn.map((tool) => tool.name)).toEqual(["Ad Maker Renamed", "Crawly"]);
    saved.clear();
  });

  it("answers as the compare page does: capitals and one tool move with 301", async () => {
    for (const [address, location] of [
      ["/og/compare/Crawly-VS-Rank-Up.png?v=1", "/og/compare/crawly-vs-rank-up.png?v=1"],
      ["/og/compare/crawly-vs-crawly.png?v=1", "/og/tools/crawly.png?v=1"],
      ["/og/compare/crawly.png", "/og/tools/crawly.png"],
    ]) {
      const { response } = await get(address!);
      expect(response.status, address).toBe(301);
      expect(response.headers.get("location"), address).toBe(location);
    }
  });

  it("refuses a tool named twice among others or more than four tools with 400, and unknown tools with 404", async () => {
    for (const address of [
      "/og/compare/ad-maker-vs-crawly-vs-d-vs-e-vs-rank-up.png",
      "/og/compare/crawly-vs-crawly-vs-rank-up.png",
    ]) {
      expect((await get(address)).response.status, address).toBe(400);
    }
    for (const address of [
      "/og/compare/crawly-vs-nobody.png",
      "/og/compare/crawly-vs-.png",
      "/og/compare/crawly--rank-up.png",
    ]) {
      expect((await get(address)).response.status, address).toBe(404);
    }
  });
});

describe("the Open Graph images' bounds", () => {
  it("counts a client's renders against its rate limit, not its cached images", async () => {
    await get(toolImage(plain));
    steps.length = 0;
    await get(toolImage(plain));
    expect(steps).toEqual([]);
    const uncached = toolOgImagePath({ slug: "e", updatedAt: UPDATED_AT });
    isRefusing = true;
    try {
      const { response } = await get(uncached);
      expect(response.status).toBe(429);
      expect(response.headers.get("retry-after")).toBe("42");
      expect(steps).toEqual([{ key: "og:127.0.0.1", rule: OG_RENDER_RATE }]);
      expect((await get(toolImage(plain))).response.status).toBe(200);
    } finally {
      isRefusing = false;
    }
  });

  it("answers 503 with Retry-After while every render slot and its queue are taken", async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    // A render waits on the tool's image: two pictured tools hold both render slots.
    const ensure = vi.fn(() => released);
    const at = await serve(
      { ensure } as unknown as Application["demoImages"],
      new OgImageCache(undefined, 1),
    );
    saved.set(third.id, { image: "demo/demo-0002.webp" });
    steps.length = 0;
    try {
      const running = [pictured, third].map((tool) => get(toolImage(tool), at));
      await vi.waitFor(() => expect(ensure).toHaveBeenCalledTimes(2));
      const queued = get(toolImage(plain), at);
      await vi.waitFor(() => expect(steps).toHaveLength(3));
      const busy = await get(toolImage(versus), at);
      expect(busy.response.status).toBe(503);
      expect(busy.response.headers.get("retry-after")).toBe("5");
      release();
      for (const { response } of await Promise.all([...running, queued])) {
        expect(response.status).toBe(200);
      }
      expect((await get(toolImage(versus), at)).response.status).toBe(200);
    } finally {
      release();
      saved.clear();
    }
  });
});
