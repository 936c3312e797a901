import { access, link, mkdir, rm } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { IMAGE_SIZES, resolveImagePath, type ImageSize } from "~/lib/image-path";
import { createRandom } from "../seed/random.server";

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

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

async function writeDemoImage(
  mediaDir: string,
  tool: { id: string; category: string | null; image: string },
) {
  await mkdir(path.dirname(path.join(mediaDir, tool.image)), { recursive: true });
  for (const size of SIZES) {
    await sharp(artworkSvg(tool.id, tool.category, size))
      .webp({ quality: 72, effort: 0 })
      .toFile(path.join(mediaDir, resolveImagePath(tool.image, size)));
  }
  // The large size doubles as the original, which spec 5's fallback asks for.
  const original = path.join(mediaDir, tool.image);
  await rm(original, { force: true });
  await link(path.join(mediaDir, resolveImagePath(tool.image, "large")), original);
}

/**
 * Makes the WebP files (spec 5 sizes and naming) of demo tools that do not have them yet. Runs
 * after start, so the site is up while images appear; cards show their placeholder until then.
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
      const files = [tool.image, ...SIZES.map((size) => resolveImagePath(tool.image, size))];
      const present = await Promise.all(files.map((file) => exists(path.join(mediaDir, file))));
      if (present.every(Boolean)) continue;
      await writeDemoImage(mediaDir, tool);
      made++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return made;
}
