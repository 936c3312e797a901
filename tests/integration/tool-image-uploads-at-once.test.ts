import type * as fsPromises from "node:fs/promises";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { storeToolImage } from "#server/media/tool-images.server";

// Two admins upload the same image at once and one upload fails on the disk: the other must still
// store every size. The failure is a hard link refused by the file system (as a full disk or a
// file limit does), injected into node:fs/promises so the two uploads can be interleaved exactly.

const linkFailure = vi.hoisted(() => ({
  /** Set by the test: what the next calls of link do before (or instead of) linking. */
  gate: null as null | ((call: number) => Promise<void>),
  calls: 0,
}));

vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof fsPromises>();
  const link: typeof actual.link = async (existing, name) => {
    linkFailure.calls += 1;
    await linkFailure.gate?.(linkFailure.calls);
    return actual.link(existing, name);
  };
  return { ...actual, default: { ...actual, link }, link };
});

describe("two uploads of one image at once", () => {
  let mediaDir: string;
  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), "media-race-"));
  });
  afterAll(async () => {
    await rm(mediaDir, { recursive: true, force: true });
  });

  it("keeps every size of the upload that succeeds when the other one fails", async () => {
    const png = await sharp({
      create: { width: 400, height: 400, channels: 3, background: "#7733aa" },
    })
      .png()
      .toBuffer();
    let secondAtLink!: () => void;
    const secondReachedLink = new Promise<void>((resolve) => (secondAtLink = resolve));
    let releaseSecond!: () => void;
    const secondMayGoOn = new Promise<void>((resolve) => (releaseSecond = resolve));
    // The first upload to link fails once the second has written its sizes; the second goes on
    // only after the first has cleaned up after itself.
    linkFailure.gate = async (call) => {
      if (call === 1) {
        await secondReachedLink;
        throw Object.assign(new Error("ENOSPC: no space left on device, link"), {
          code: "ENOSPC",
        });
      }
      if (call === 2) {
        secondAtLink();
        await secondMayGoOn;
      }
    };
    try {
      const uploads = [storeToolImage(mediaDir, png), storeToolImage(mediaDir, png)];
      const settled = Promise.allSettled(uploads);
      await Promise.any(
        uploads.map((upload) =>
          upload.then(
            () => Promise.reject(new Error("an upload was stored before the other failed")),
            () => undefined,
          ),
        ),
      );
      releaseSecond();
      const outcomes = await settled;
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
      const stored = outcomes.find(
        (outcome): outcome is PromiseFulfilledResult<string> => outcome.status === "fulfilled",
      )!;
      const stem = path.basename(stored.value, ".webp");
      const files = await readdir(path.join(mediaDir, "uploads"));
      expect(files.sort()).toEqual(
        [
          `${stem}.webp`,
          `${stem}_1200x900.webp`,
          `${stem}_300x300.webp`,
          `${stem}_600x450.webp`,
        ].sort(),
      );
    } finally {
      linkFailure.gate = null;
    }
  });
});
