import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  DemoImages,
  demoImagesOnDemand,
  generateDemoImages,
} from "#server/media/demo-images.server";

// On a first start no page asks for a demo image that fails, even before the
// background has drawn it.

const TOOLS = [
  { id: "demo-0001", category: "Sales", image: "demo/demo-0001.webp" },
  { id: "demo-0002", category: "Marketing", image: "demo/demo-0002.webp" },
  { id: "demo-0003", category: null, image: "demo/demo-0003.webp" },
];

describe("demo images on a first start", () => {
  let mediaDir: string;
  let server: http.Server;
  let base: string;
  let images: DemoImages;

  beforeEach(async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), "demo-media-"));
    images = new DemoImages(mediaDir, TOOLS);
    // As http.server.ts serves /media: the on-demand drawing, then the files, then 404.
    const app = express().use(
      "/media",
      demoImagesOnDemand(images),
      express.static(mediaDir, { immutable: true, maxAge: 365 * 24 * 3600 * 1000, index: false }),
      (_req, res) => {
        res.status(404).type("text/plain").send("Not found");
      },
    );
    server = http.createServer(app).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/media`;
  });
  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(mediaDir, { recursive: true, force: true });
  });

  const fetchImage = async (file: string) => {
    const response = await fetch(`${base}/${file}`);
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  it("answers 200 image/webp for an image the background has not drawn, in its size", async () => {
    for (const [file, width, height] of [
      ["demo/demo-0001_300x300.webp", 300, 300],
      ["demo/demo-0002_600x450.webp", 600, 450],
      ["demo/demo-0003.webp", 1200, 900],
    ] as const) {
      const { response, bytes } = await fetchImage(file);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toContain("immutable");
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", width, height]);
    }
  });

  it("draws the same bytes the background draws", async () => {
    const backgroundDir = await mkdtemp(path.join(tmpdir(), "demo-background-"));
    try {
      expect(await generateDemoImages(backgroundDir, TOOLS)).toBe(3);
      for (const file of ["demo/demo-0002_300x300.webp", "demo/demo-0002.webp"]) {
        const { bytes } = await fetchImage(file);
        expect(bytes.equals(await readFile(path.join(backgroundDir, file)))).toBe(true);
      }
    } finally {
      await rm(backgroundDir, { recursive: true, force: true });
    }
  });

  it("draws a file once for many requests at once, while the background draws, and leaves no temporary file", async () => {
    const background = images.drawMissing();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) => fetchImage(`demo/demo-000${(n % 3) + 1}_600x450.webp`)),
    );
    expect(answers.map(({ response }) => response.status)).toEqual(Array(6).fill(200));
    expect(answers[0]!.bytes.equals(answers[3]!.bytes)).toBe(true);
    await background;
    const files = await readdir(path.join(mediaDir, "demo"));
    expect(files.filter((file) => file.endsWith(".part"))).toEqual([]);
    expect(files).toHaveLength(TOOLS.length * 4);
  });

  it("draws nothing for a path that is not a demo tool's image", async () => {
    for (const file of [
      "demo/demo-9999_300x300.webp",
      "demo/demo-0001_64x64.webp",
      "uploads/0123456789abcdef01234567.webp",
    ]) {
      expect((await fetchImage(file)).response.status).toBe(404);
    }
    expect(await readdir(mediaDir)).toEqual([]);
  });
});
