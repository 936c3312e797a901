import path from "node:path";
import sharp from "sharp";
import { resolveImagePath } from "~/lib/image-path";
import type { DemoImages } from "../demo-images.server";
import {
  COMPARE_IMAGE_SIZE,
  COMPARE_IMAGE_TOP,
  compareCardSvg,
  compareImageLefts,
  TOOL_IMAGE_BOX,
  toolCardSvg,
  type CardTool,
} from "./og-image-svg.server";

// Draws the Open Graph cards: the SVG of og-image-svg.server.ts, with each tool's own image (its
// stored 300x300 size) composited in where it has one.

export interface OgTool extends CardTool {
  slug: string;
  /** The tool's image as stored (ToolCard.image): a media path, a URL, or empty. */
  image: string;
}

export interface ImageSource {
  mediaDir: string;
  demoImages: Pick<DemoImages, "ensure">;
}

const MAX_INPUT_PIXELS = 50_000_000;

/** The tool's small image as a rounded square PNG of `size`, or null when it has none on disk. */
async function toolTile(tool: OgTool, size: number, source: ImageSource): Promise<Buffer | null> {
  if (!tool.image || tool.image.startsWith("http")) return null;
  const file = resolveImagePath(tool.image, "small");
  const absolute = path.resolve(source.mediaDir, file);
  if (!absolute.startsWith(path.resolve(source.mediaDir) + path.sep)) return null;
  try {
    await source.demoImages.ensure(file);
    const mask = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${Math.round(size / 12)}" fill="#fff"/></svg>`,
    );
    return await sharp(absolute, { limitInputPixels: MAX_INPUT_PIXELS })
      .resize(size, size, { fit: "contain", background: "#ffffff" })
      .composite([{ input: mask, blend: "dest-in" }])
      .png()
      .toBuffer();
  } catch {
    // A missing or unreadable image leaves the card without it; the card itself still renders.
    return null;
  }
}

export async function renderToolOgImage(tool: OgTool, source: ImageSource): Promise<Buffer> {
  const tile = await toolTile(tool, TOOL_IMAGE_BOX.size, source);
  return sharp(Buffer.from(toolCardSvg(tool, tile !== null)))
    .composite(tile ? [{ input: tile, left: TOOL_IMAGE_BOX.left, top: TOOL_IMAGE_BOX.top }] : [])
    .png()
    .toBuffer();
}

export async function renderCompareOgImage(
  tools: readonly OgTool[],
  source: ImageSource,
): Promise<Buffer> {
  const tiles = await Promise.all(tools.map((tool) => toolTile(tool, COMPARE_IMAGE_SIZE, source)));
  const lefts = compareImageLefts(tools.length);
  return sharp(
    Buffer.from(
      compareCardSvg(
        tools,
        tiles.map((tile) => tile !== null),
      ),
    ),
  )
    .composite(
      tiles.flatMap((tile, index) =>
        tile ? [{ input: tile, left: lefts[index]!, top: COMPARE_IMAGE_TOP }] : [],
      ),
    )
    .png()
    .toBuffer();
}
