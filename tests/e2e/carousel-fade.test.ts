import type { Page } from "@playwright/test";
import { expect, openApp, test } from "./fixtures";

// The top-tools carousel's change: the old slide fades out, then the new one fades in, so two
// texts never show on top of each other; with reduced motion the change is at once.

/**
 * Presses Next and reads every slide's opacity on each frame for `forMs`: for each frame, the
 * opacities of the slides that showed at all.
 */
async function opacitiesAfterNext(page: Page, forMs: number): Promise<number[][]> {
  return page.evaluate(async (duration) => {
    const carousel = document.querySelector('[aria-roledescription="carousel"]')!;
    const slides = [...carousel.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]')];
    const next = [...carousel.querySelectorAll("button")].find((b) => b.textContent === "Next")!;
    next.click();
    const frames: number[][] = [];
    const start = performance.now();
    while (performance.now() - start < duration) {
      await new Promise(requestAnimationFrame);
      frames.push(
        slides.map((slide) => Number(getComputedStyle(slide).opacity)).filter((o) => o > 0),
      );
    }
    return frames;
  }, forMs);
}

test("the carousel's change never shows two slides at once", async ({ page }) => {
  await openApp(page, "/");
  const frames = await opacitiesAfterNext(page, 900);
  // The fade ran (some frames caught a slide part way) and ended on one slide.
  expect(frames.some((frame) => frame.some((opacity) => opacity < 1))).toBe(true);
  expect(frames.at(-1)).toEqual([1]);
  expect(frames.filter((frame) => frame.length > 1)).toEqual([]);
});

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("the carousel changes at once", async ({ page }) => {
    await openApp(page, "/");
    const frames = await opacitiesAfterNext(page, 200);
    expect(frames.slice(2)).toEqual(frames.slice(2).map(() => [1]));
    await expect(
      page.getByRole("region", { name: "Top tools" }).getByRole("group", { name: "2 of 5" }),
    ).toBeVisible();
  });
});
