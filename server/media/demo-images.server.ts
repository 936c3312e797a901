import { access, link, mkdir, rm } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { IMAGE_SIZES, resolveImagePath, type ImageSize } from "~/lib/image-path";
import { createRandom } from "../seed/random.server";

function hueOf(category: string | null): number {
  if (!category) return 220;
  let hash = 0;
  for (const char of category) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}

/** Abstract artwork for a demo tool: a gradient in its category's hue with seeded shapes. */
function artworkSvg(id: string, category: string | null): Buffer {
  const random = createRandom([...id].reduce((sum, char) => sum * 33 + char.charCodeAt(0), 7));
  const hue = hueOf(category);
  const { width, height } = IMAGE_SIZES.large;
  const shapes = Array.from({ length: 6 }, () => {
    const x = random.int(0, width);
    const y = random.int(0, height);
    const size = random.int(80, 420);
    const light = random.int(55, 90);
    const opacity = (0.15 + random.next() * 0.35).toFixed(2);
    return random.chance(0.5)
      ? `<circle cx="${x}" cy="${y}" r="${size / 2}" fill="hsl(${hue},80%,${light}%)" fill-opacity="${opacity}"/>`
      : `<rect x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size}" rx="${size / 5}" transform="rotate(${random.int(0, 90)} ${x} ${y})" fill="hsl(${(hue + 40) % 360},75%,${light}%)" fill-opacity="${opacity}"/>`;
  }).join("");
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="hsl(${hue},65%,42%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360},70%,22%)"/>` +
      `</linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`,
  );
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** Writes the three WebP sizes of one image path (spec 5 naming) from a source image. */
export async function writeImageSizes(
  mediaDir: string,
  imagePath: string,
  source: Buffer,
): Promise<void> {
  const { data, info } = await sharp(source).raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  await Promise.all(
    (Object.keys(IMAGE_SIZES) as ImageSize[]).map(async (size) => {
      const target = path.join(mediaDir, resolveImagePath(imagePath, size));
      await mkdir(path.dirname(target), { recursive: true });
      const { width, height } = IMAGE_SIZES[size];
      await sharp(data, raw)
        .resize(width, height, { fit: "cover" })
        .webp({ quality: 72, effort: 2 })
        .toFile(target);
    }),
  );
}

/**
 * Makes the WebP files of demo tools that do not have them yet. Runs after start, so the site is
 * up while images appear; cards show their placeholder until then.
 */
export async function generateDemoImages(
  mediaDir: string,
  tools: readonly { id: string; category: string | null; image: string }[],
  signal?: AbortSignal,
  concurrency = 2,
): Promise<number> {
  const queue = tools.filter((tool) => tool.image.startsWith("demo/"));
  let made = 0;
  const worker = async () => {
    for (let tool = queue.shift(); tool && !signal?.aborted; tool = queue.shift()) {
      const imagePath = tool.image;
      const files = [
        imagePath,
        ...(Object.keys(IMAGE_SIZES) as ImageSize[]).map((size) =>
          resolveImagePath(imagePath, size),
        ),
      ].map((file) => path.join(mediaDir, file));
      if ((await Promise.all(files.map(exists))).every(Boolean)) continue;
      await writeImageSizes(mediaDir, imagePath, artworkSvg(tool.id, tool.category));
      // The large size doubles as the original, which spec 5's fallback asks for.
      const original = path.join(mediaDir, imagePath);
      await rm(original, { force: true });
      await link(path.join(mediaDir, resolveImagePath(imagePath, "large")), original);
      made++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return made;
}
