import { randomBytes } from "node:crypto";
import { link, mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { RequestHandler } from "express";
import sharp from "sharp";
import { IMAGE_SIZES, resolveImagePath, type ImageSize } from "~/lib/image-path";
import { createRandom } from "../core/seeded-random.server";
import { fileExists, filesOf } from "./tool-images.server";

const SIZES = Object.keys(IMAGE_SIZES) as ImageSize[];

function hueOf(category: string | null): number {
  if (!category) return 220;
  let hash = 0;
  for (const char of category) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}

/**
 * Abstract artwork for a demo tool: a gradient in its category's hue with seeded shapes, drawn on
 * a 1200x900 canvas and rendered at the requested size (cropped to fill a square).
 */
function artworkSvg(id: string, category: string | null, size: ImageSize): Buffer {
  const random = createRandom([...id].reduce((sum, char) => sum * 33 + char.charCodeAt(0), 7));
  const hue = hueOf(category);
  const canvas = IMAGE_SIZES.large;
  const target = IMAGE_SIZES[size];
  const shapes = Array.from({ length: 6 }, () => {
    const x = random.int(0, canvas.width);
    const y = random.int(0, canvas.height);
    const side = random.int(80, 420);
    const light = random.int(55, 90);
    const opacity = (0.15 + random.next() * 0.35).toFixed(2);
    return random.chance(0.5)
      ? `<circle cx="${x}" cy="${y}" r="${side / 2}" fill="hsl(${hue},80%,${light}%)" fill-opacity="${opacity}"/>`
      : `<rect x="${x - side / 2}" y="${y - side / 2}" width="${side}" height="${side}" rx="${side / 5}" transform="rotate(${random.int(0, 90)} ${x} ${y})" fill="hsl(${(hue + 40) % 360},75%,${light}%)" fill-opacity="${opacity}"/>`;
  }).join("");
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${target.width}" height="${target.height}" ` +
      `viewBox="0 0 ${canvas.width} ${canvas.height}" preserveAspectRatio="xMidYMid slice">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="hsl(${hue},65%,42%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360},70%,22%)"/>` +
      `</linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`,
  );
}

export interface DemoTool {
  id: string;
  category: string | null;
  image: string;
}

/** How many images requests may have drawn at once (besides the background's own). */
const ON_DEMAND_DRAWS = 2;

/**
 * The demo catalogue's images (sizes and naming). They are drawn in the background after
 * start, so the site is up while they appear; a request for one not drawn yet draws it on the
 * spot (`demoImagesOnDemand`), so no page ever asks for an image that fails. Both draw each file
 * the same way, once at a time, under a temporary name renamed into place, so nobody is served
 * half a file.
 */
export class DemoImages {
  readonly #mediaDir: string;
  /** Every demo file (each size and the plain path) and its tool. */
  readonly #toolOf = new Map<string, DemoTool>();
  readonly #present = new Set<string>();
  readonly #drawing = new Map<string, Promise<void>>();
  #onDemandFree = ON_DEMAND_DRAWS;
  readonly #onDemandQueue: (() => void)[] = [];

  constructor(mediaDir: string, tools: readonly DemoTool[]) {
    this.#mediaDir = mediaDir;
    for (const tool of tools) {
      if (!tool.image.startsWith("demo/")) continue;
      for (const file of filesOf(tool.image)) this.#toolOf.set(file, tool);
    }
  }

  /** Draws the files of every demo tool that lacks them; returns how many tools needed any. */
  async drawMissing(signal?: AbortSignal, concurrency = 2): Promise<number> {
    const queue = [...new Set(this.#toolOf.values())];
    let made = 0;
    const worker = async () => {
      for (let tool = queue.shift(); tool && !signal?.aborted; tool = queue.shift()) {
        let isDrawn = false;
        for (const file of filesOf(tool.image)) isDrawn = (await this.#ensure(file)) || isDrawn;
        if (isDrawn) made++;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return made;
  }

  /**
   * Makes sure the demo image `file` exists, drawing it now if the background has not yet (at
   * most ON_DEMAND_DRAWS such draws at once); false when `file` is not a demo image.
   */
  async ensure(file: string): Promise<boolean> {
    if (!this.#toolOf.has(file)) return false;
    await this.#ensure(file, (draw) => this.#withOnDemandSlot(draw));
    return true;
  }

  async #withOnDemandSlot(work: () => Promise<void>): Promise<void> {
    if (this.#onDemandFree === 0) {
      await new Promise<void>((resolve) => this.#onDemandQueue.push(resolve));
    } else {
      this.#onDemandFree--;
    }
    try {
      await work();
    } finally {
      const next = this.#onDemandQueue.shift();
      if (next) next();
      else this.#onDemandFree++;
    }
  }

  /**
   * Draws `file` unless it exists; one draw per file at a time, run through `throttle` when
   * given. Resolves true when it drew.
   */
  async #ensure(
    file: string,
    throttle: (draw: () => Promise<void>) => Promise<void> = (draw) => draw(),
  ): Promise<boolean> {
    if (this.#present.has(file)) return false;
    const running = this.#drawing.get(file);
    if (running) {
      await running;
      return false;
    }
    const target = path.join(this.#mediaDir, file);
    if (await fileExists(target)) {
      this.#present.add(file);
      return false;
    }
    const drawing = throttle(() => this.#draw(file)).finally(() => this.#drawing.delete(file));
    this.#drawing.set(file, drawing);
    await drawing;
    this.#present.add(file);
    return true;
  }

  async #draw(file: string) {
    const tool = this.#toolOf.get(file)!;
    const target = path.join(this.#mediaDir, file);
    const part = `${target}.${randomBytes(6).toString("hex")}.part`;
    await mkdir(path.dirname(target), { recursive: true });
    try {
      const size = SIZES.find((name) => resolveImagePath(tool.image, name) === file);
      if (size) {
        await sharp(artworkSvg(tool.id, tool.category, size))
          .webp({ quality: 72, effort: 0 })
          .toFile(part);
      } else {
        // The large size doubles as the original, which the fallback asks for.
        const large = resolveImagePath(tool.image, "large");
        await this.#ensure(large);
        await link(path.join(this.#mediaDir, large), part);
      }
      await rename(part, target);
    } finally {
      await rm(part, { force: true });
    }
  }
}

/**
 * Makes the WebP files (sizes and naming) of demo tools that do not have them yet (the
 * operator's seed command; a server draws them through `DemoImages`).
 */
export async function generateDemoImages(
  mediaDir: string,
  tools: readonly DemoTool[],
  signal?: AbortSignal,
  concurrency = 2,
): Promise<number> {
  return new DemoImages(mediaDir, tools).drawMissing(signal, concurrency);
}

/**
 * Mounted on /media before the static files: a GET for a demo image the background has not drawn
 * yet waits while it is drawn, then the static files serve it. Any other path passes straight on.
 */
export function demoImagesOnDemand(images: DemoImages): RequestHandler {
  return (req, _res, next) => {
    const file = req.path.replace(/^\/+/, "");
    if (req.method !== "GET" && req.method !== "HEAD") {
      next();
      return;
    }
    // `ensure` passes over any other file; a draw that fails leaves the request to the static
    // files (a 404), as before.
    images.ensure(file).then(
      () => next(),
      () => next(),
    );
  };
}
