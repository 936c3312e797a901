import type { Page } from "@playwright/test";
import { expect, openApp, test } from "./fixtures";

// the outside-click touch threshold: a touch outside an open menu or dialog that moves more
// than 30 px is a scroll and leaves it open; one that stays within 30 px closes it.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** A real touch through the browser's input pipeline: down at `from`, moved by `by`, up. */
async function touch(page: Page, from: { x: number; y: number }, by: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  const steps = 4;
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [from] });
  for (let step = 1; step <= steps; step++) {
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: [{ x: from.x + (by.x * step) / steps, y: from.y + (by.y * step) / steps }],
    });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

test("a touch on the page that moves 40 px leaves the mobile menu open; one of 20 px closes it", async ({
  page,
}) => {
  await openApp(page, "/");
  await page.getByRole("button", { name: "Open menu" }).tap();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await expect(menu).toBeVisible();

  await touch(page, { x: 200, y: 650 }, { x: 0, y: -40 });
  await page.evaluate(() => new Promise(requestAnimationFrame));
  await expect(menu).toBeVisible();

  await touch(page, { x: 200, y: 650 }, { x: 20, y: 0 });
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
});

test("a touch on a dialog's backdrop closes it only within 30 px; a drag out of it never does", async ({
  page,
}) => {
  await openApp(page, "/");
  const dialog = page.getByRole("dialog", { name: "Sign in to your account" });
  // The dialog has been seen to close again just after it opened (3 of 12 repeated runs; not yet
  // understood); this test is about the backdrop, so it opens the dialog again until it stays.
  let box: { y: number } | null = null;
  await expect(async () => {
    if (!(await dialog.isVisible())) {
      await page.getByRole("button", { name: "Open menu" }).tap();
      await page
        .getByRole("navigation", { name: "Mobile" })
        .getByRole("button", { name: "Sign In" })
        .tap();
    }
    await expect(dialog).toBeVisible({ timeout: 2_000 });
    box = await dialog.boundingBox();
    expect(box).not.toBeNull();
  }).toPass({ timeout: 30_000 });
  const backdrop = { x: 195, y: box!.y / 2 };
  expect(backdrop.y).toBeGreaterThan(20);

  await touch(page, backdrop, { x: 40, y: 0 });
  await page.evaluate(() => new Promise(requestAnimationFrame));
  await expect(dialog).toBeVisible();

  // A mouse press inside the dialog released on the backdrop (selecting text) is not a click there.
  const title = (await dialog.getByRole("heading").boundingBox())!;
  await page.mouse.move(title.x + 5, title.y + 5);
  await page.mouse.down();
  await page.mouse.move(backdrop.x, backdrop.y, { steps: 5 });
  await page.mouse.up();
  await page.evaluate(() => new Promise(requestAnimationFrame));
  await expect(dialog).toBeVisible();

  await touch(page, backdrop, { x: 0, y: 25 });
  await expect(dialog).toBeHidden();
});
