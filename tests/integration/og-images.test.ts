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
import type { ToolDetail } from "~/lib/tool";
import type { Application } from "../../server/boot.server";
import { handleErrors } from "../../server/http/error-handler.server";
import { DemoImages } from "../../server/media/demo-images.server";
import { ogImageRoutes } from "../../server/media/og-images/og-image-routes.server";
import { buildSnapshot } from "../../server/snapshot/snapshot.server";
import { createToolCard } from "../factories";

// Issue 20: the generated Open Graph images, served as http.server.ts mounts them.

const UPDATED_AT = "2026-03-01T10:00:00.000Z";
const pictured = createToolCard({
  slug: "rank-up",
  name: 'Rank Up <&> "Pro"',
  image: "demo/demo-0001.webp",
});
const plain = createToolCard({ slug: "crawly", name: "Crawly", category: null, subCategory: null });
const third = createToolCard({ slug: "ad-maker", name: "Ad Maker" });
const versus = createToolCard({ slug: "humans-vs-ai", name: "Humans vs AI" });
const cards = [
  pictured,
  plain,
  third,
  versus,
  ...["d", "e"].map((slug) => createToolCard({ slug })),
];

let mediaDir: string;
let server: http.Server;
let base: string;
const getToolDetail = vi.fn(async (id: string) => {
  const card = cards.find((tool) => tool.id === id);
  return card ? ({ ...card, status: "online", updatedAt: UPDATED_AT } as ToolDetail) : null;
});

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), "og-media-"));
  const app = {
    snapshotKeeper: { snapshot: buildSnapshot(cards) },
    services: { getToolDetail },
    mediaDir,
    demoImages: new DemoImages(mediaDir, cards),
  } as unknown as Application;
  const http_ = express()
    .use(OG_IMAGE_PATH, ogImageRoutes(app))
    .use(handleErrors(pino({ level: "silent" })));
  server = http.createServer(http_).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(mediaDir, { recursive: true, force: true });
});

const get = async (address: string) => {
  const response = await fetch(`${base}${address}`, { redirect: "manual" });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
};
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

  it("serves the same bytes from its cache", async () => {
    const first = await get(toolImage(third));
    const second = await get(toolImage(third));
    expect(second.bytes.equals(first.bytes)).toBe(true);
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
      "/og/tools/Rank-Up.png",
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

  it("refuses fewer than two different tools or more than four with 400, and unknown tools with 404", async () => {
    expect(
      (await get("/og/compare/ad-maker-vs-crawly-vs-d-vs-e-vs-rank-up.png")).response.status,
    ).toBe(400);
    for (const address of ["/og/compare/crawly-vs-crawly.png", "/og/compare/crawly.png"]) {
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
