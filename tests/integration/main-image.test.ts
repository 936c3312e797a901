import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IMAGE_SIZES, resolveImagePath, type ImageSize } from "~/lib/image-path";
import { fetchMainImage } from "#server/services/ai-draft/fetch-main-image.server";
import { DraftFailure } from "#server/services/ai-draft/draft-types.server";
import { startFixtureSites, type FixtureSites } from "../support/fixture-sites";

let sites: FixtureSites;
let mediaDir: string;

beforeAll(async () => {
  sites = await startFixtureSites();
});

afterAll(async () => {
  await sites?.close();
});

beforeEach(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), "main-image-"));
  return () => rm(mediaDir, { recursive: true, force: true });
});

describe("fetchMainImage", () => {
  it("stores the page's image like an upload, in every size, with its address as evidence", async () => {
    const image = await fetchMainImage(sites.url("/og.png"), { allowPrivate: true, mediaDir });
    expect(image).toEqual({
      value: expect.stringMatching(/^uploads\/[0-9a-f]{24}\.webp$/),
      source: "meta",
      evidence: sites.url("/og.png"),
    });
    for (const size of Object.keys(IMAGE_SIZES) as ImageSize[]) {
      const file = path.join(mediaDir, resolveImagePath(image!.value, size));
      const metadata = await sharp(file).metadata();
      expect(metadata.format).toBe("webp");
      expect([metadata.width, metadata.height]).toEqual([
        IMAGE_SIZES[size].width,
        IMAGE_SIZES[size].height,
      ]);
    }
    expect((await sharp(path.join(mediaDir, image!.value)).metadata()).format).toBe("webp");
  });

  it("records the source the caller names", async () => {
    const image = await fetchMainImage(sites.url("/logo.png"), {
      allowPrivate: true,
      mediaDir,
      source: "json-ld",
    });
    expect(image?.source).toBe("json-ld");
  });

  it.each([
    ["a page", "/jsonld"],
    ["text sent as a PNG", "/fake.png"],
    ["a missing image", "/status/404"],
    ["a PDF", "/pdf"],
  ])("answers null for %s and stores nothing", async (_case, imagePath) => {
    expect(await fetchMainImage(sites.url(imagePath), { allowPrivate: true, mediaDir })).toBeNull();
    expect(await readdir(path.join(mediaDir, "uploads")).catch(() => [])).toEqual([]);
  });

  it("answers null for an image on a private address without FETCH_ALLOW_PRIVATE, never fetching it", async () => {
    const before = sites.hits("/og.png");
    expect(
      await fetchMainImage(sites.url("/og.png"), { allowPrivate: false, mediaDir }),
    ).toBeNull();
    expect(
      await fetchMainImage("http://169.254.169.254/latest/meta-data/", {
        allowPrivate: false,
        mediaDir,
      }),
    ).toBeNull();
    expect(sites.hits("/og.png")).toBe(before);
  });

  it("throws when the job is cancelled instead of answering null", async () => {
    await expect(
      fetchMainImage(sites.url("/og.png"), {
        allowPrivate: true,
        mediaDir,
        signal: AbortSignal.abort(),
      }),
    ).rejects.toEqual(new DraftFailure("cancelled"));
  });
});
