import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page, Request } from "@playwright/test";
import type { AnalyticsReport } from "~/lib/api/contract";
import type { EventBatch } from "~/lib/analytics";
import { CONSENTED_EVENTS } from "~/lib/analytics";
import { toolPath } from "~/lib/paths";
import { openApp, sampleTools, storeAnalyticsChoice } from "./fixtures";
import { expect, signInWithGoogle, signUpByApi, test, uniqueEmail } from "./support/accounts";

// Consent-gated analytics in the browser. Every batch the page sends to /api/events is
// read here; the admin report proves what the server stored.

/** Flushes come every 5 s while events wait; this is long enough for one. */
const FLUSH_WAIT_MS = 6_000;
const consented = new Set<string>(CONSENTED_EVENTS);

/** Every batch the page sends to /api/events, parsed. */
function watchBatches(page: Page) {
  const batches: EventBatch[] = [];
  page.on("request", (request: Request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/events") {
      batches.push(JSON.parse(request.postData() ?? "null") as EventBatch);
    }
  });
  return {
    batches,
    events: () => batches.flatMap((batch) => batch.events),
    consentedEvents: () =>
      batches.flatMap((batch) => batch.events).filter((event) => consented.has(event.name)),
  };
}

/** A client navigation, not a page load. */
async function browseByLink(page: Page) {
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Browse Tools" })
    .click();
  await expect(page).toHaveURL(/\/ai-tools$/);
}

const banner = (page: Page) => page.getByRole("region", { name: "Analytics consent" });

async function openPreferences(page: Page) {
  await page.getByRole("contentinfo").getByRole("button", { name: "Cookie preferences" }).click();
  return page.getByRole("dialog", { name: "Cookie preferences" });
}

/** The admin report of today, read by an admin in a context of its own. */
async function todaysReport(browser: Browser) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: test.info().project.use.extraHTTPHeaders,
  });
  await storeAnalyticsChoice(context);
  const page = await context.newPage();
  await signInWithGoogle(page, `admin-${test.info().project.name}@example.com`, "Admin");
  const today = new Date().toISOString().slice(0, 10);
  return {
    read: async () => {
      const response = await page.request.get(`/api/admin/analytics?from=${today}&to=${today}`);
      expect(response.status()).toBe(200);
      return ((await response.json()) as AnalyticsReport).totals;
    },
    close: () => context.close(),
  };
}

test("with consent denied no consented event leaves the browser, but a thrown error does", async ({
  page,
  request,
  consoleProblems,
}) => {
  const sent = watchBatches(page);
  const tools = await sampleTools(request);
  await openApp(page, "/");
  await openApp(page, toolPath(tools.withSubcategory));
  await openApp(page, "/ai-tools?search=writing");
  const marker = `analytics e2e ${randomUUID()}`;
  const reported = page.waitForRequest((candidate) =>
    (candidate.postData() ?? "").includes(marker),
  );
  await page.evaluate((message) => {
    setTimeout(() => {
      throw new Error(message);
    });
  }, marker);
  await reported;
  await page.waitForTimeout(FLUSH_WAIT_MS);

  const exceptions = sent.events().filter((event) => event.name === "app_exception");
  expect(exceptions).toContainEqual(
    expect.objectContaining({
      path: "/ai-tools?search=writing",
      error: expect.objectContaining({ kind: "error", message: marker }),
    }),
  );
  expect(sent.batches.every((batch) => batch.consent === "denied")).toBe(true);
  expect(sent.consentedEvents()).toEqual([]);
  // The error was thrown on purpose: only it may be in the page's problems.
  expect(consoleProblems.filter((problem) => !problem.includes(marker))).toEqual([]);
  consoleProblems.length = 0;
});

test.describe("a first visit", () => {
  test.use({ analyticsConsent: null });

  test("after Accept page and tool views are recorded; after withdrawing none are sent", async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const tools = await sampleTools(request);
    const admin = await todaysReport(browser);
    const before = await admin.read();
    const sent = watchBatches(page);

    await openApp(page, "/");
    await banner(page).getByRole("button", { name: "Accept" }).click();
    await expect(banner(page)).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("analytics_consent"))).toBe("granted");
    const listingSent = page.waitForRequest((candidate) =>
      (candidate.postData() ?? "").includes('"detailed_page_view"'),
    );
    await browseByLink(page);
    await listingSent;
    expect(sent.events()).toContainEqual({ name: "consent_update", path: "/", consent: "granted" });
    expect(sent.events()).toContainEqual({ name: "page_view", path: "/ai-tools" });
    expect(sent.events()).toContainEqual({ name: "detailed_page_view", path: "/ai-tools" });
    const tool = tools.withoutSubcategory;
    const toolViewSent = page.waitForRequest((candidate) =>
      (candidate.postData() ?? "").includes('"tool_view"'),
    );
    await openApp(page, toolPath(tool));
    await toolViewSent;
    expect(sent.events()).toContainEqual({
      name: "tool_view",
      path: toolPath(tool),
      toolId: tool.id,
    });
    expect(sent.events()).toContainEqual({ name: "page_view", path: toolPath(tool) });
    expect(
      sent.batches.filter((batch) => batch.events.some((event) => consented.has(event.name))),
    ).not.toEqual([]);
    await expect
      .poll(async () => {
        const now = await admin.read();
        return now.pageViews > before.pageViews && now.toolViews > before.toolViews;
      })
      .toBe(true);
    await admin.close();

    const dialog = await openPreferences(page);
    await dialog.getByRole("button", { name: "Decline analytics" }).click();
    expect(await page.evaluate(() => localStorage.getItem("analytics_consent"))).toBe("denied");
    const sentBefore = sent.batches.length;
    await openApp(page, toolPath(tools.withSubcategory));
    await browseByLink(page);
    await page.waitForTimeout(FLUSH_WAIT_MS);
    await openApp(page, "/");
    const after = sent.batches.slice(sentBefore).flatMap((batch) => batch.events);
    expect(after.filter((event) => consented.has(event.name))).toEqual([]);
  });

  test("the banner is reached and answered by keyboard, and closing it rejects", async ({
    page,
  }) => {
    await openApp(page, "/");
    const region = banner(page);
    await expect(region).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(region.getByRole("button", { name: "Accept", exact: true })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(region.getByRole("button", { name: "Reject", exact: true })).toBeFocused();
    await page.keyboard.press("Tab");
    const choose = region.getByRole("button", { name: "Choose" });
    await expect(choose).toBeFocused();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Cookie preferences" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("security and sign-in is always on");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(choose).toBeFocused();
    await page.keyboard.press("Tab");
    const close = region.getByRole("button", { name: "Close and reject analytics" });
    await expect(close).toBeFocused();
    // Not a trap: the keyboard leaves the banner for the page, and comes back.
    await page.keyboard.press("Tab");
    await expect(page.locator("header :focus")).toHaveCount(1);
    await page.keyboard.press("Shift+Tab");
    await expect(close).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(region).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("analytics_consent"))).toBe("denied");
    // The answered banner hands focus to the page, and the keyboard goes on from there.
    await expect(page.locator("main#main")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.locator("main :focus")).toHaveCount(1);

    await page.reload();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(region).toBeHidden();
  });

  test("a choice made in the dialog the banner opened hides the banner and keeps focus in the page", async ({
    page,
  }) => {
    await openApp(page, "/");
    await banner(page).getByRole("button", { name: "Choose" }).click();
    const dialog = page.getByRole("dialog", { name: "Cookie preferences" });
    await dialog.getByRole("button", { name: "Allow analytics" }).click();
    await expect(dialog).toBeHidden();
    await expect(banner(page)).toBeHidden();
    await expect(page.locator("main#main")).toBeFocused();
    expect(await page.evaluate(() => localStorage.getItem("analytics_consent"))).toBe("granted");
  });

  test("Accept and Reject are equally prominent, and the banner passes axe", async ({ page }) => {
    await openApp(page, "/");
    const region = banner(page);
    await expect(region).toBeVisible();
    const look = async (name: string) =>
      region.getByRole("button", { name, exact: true }).evaluate((button) => {
        const style = getComputedStyle(button);
        const box = button.getBoundingClientRect();
        return [style.color, style.backgroundColor, style.fontSize, style.fontWeight, box.height];
      });
    expect(await look("Accept")).toEqual(await look("Reject"));
    const results = await new AxeBuilder({ page })
      .include("section[aria-label='Analytics consent']")
      .analyze();
    expect(results.violations).toEqual([]);

    await page.setViewportSize({ width: 360, height: 740 });
    const box = await region.boundingBox();
    expect(box && box.x >= 0 && box.width <= 360 && box.y + box.height <= 741).toBe(true);
  });

  test("on a phone the end of the page scrolls above the banner, and the room goes with it", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openApp(page, "/ai-tools");
    const region = banner(page);
    await expect(region).toBeVisible();
    const footer = page.getByRole("contentinfo");
    const contact = footer.getByRole("link", { name: "Contact us" });
    const copyright = footer.getByText(/^© \d{4} /);
    /** How far the end of `what` reaches below the banner's top edge, scrolled to the bottom. */
    const overlapWithBanner = async (what: typeof contact) => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const [box, bannerBox] = await Promise.all([what.boundingBox(), region.boundingBox()]);
      if (!box || !bannerBox) throw new Error("footer or banner not laid out");
      return box.y + box.height - bannerBox.y;
    };
    await expect.poll(() => overlapWithBanner(contact)).toBeLessThanOrEqual(0);
    await expect.poll(() => overlapWithBanner(copyright)).toBeLessThanOrEqual(0);

    // The room follows the banner's height when it changes (on a wider window it is one line).
    const roomAndBanner = () =>
      page.evaluate(() => [
        getComputedStyle(document.body).paddingBottom,
        `${Math.ceil(
          document.querySelector("section[aria-label='Analytics consent']")?.getBoundingClientRect()
            .height ?? 0,
        )}px`,
      ]);
    const [phoneRoom] = await roomAndBanner();
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect.poll(async () => new Set(await roomAndBanner()).size).toBe(1);
    expect((await roomAndBanner())[0]).not.toBe(phoneRoom);

    await region.getByRole("button", { name: "Reject", exact: true }).click();
    await expect(region).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe("0px");
  });

  test("Global Privacy Control means denied: no banner, no consented event", async ({
    page,
    request,
  }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
    );
    const sent = watchBatches(page);
    const tools = await sampleTools(request);
    await openApp(page, "/");
    const dialog = await openPreferences(page);
    await expect(dialog).toContainText("Global Privacy Control");
    await expect(dialog.getByRole("button", { name: "Allow analytics" })).toBeDisabled();
    await page.keyboard.press("Escape");
    await expect(banner(page)).toHaveCount(0);
    await openApp(page, toolPath(tools.withSubcategory));
    await page.waitForTimeout(FLUSH_WAIT_MS);
    await openApp(page, "/");
    expect(sent.consentedEvents()).toEqual([]);
  });
});

test.describe("with consent given before", () => {
  test.use({ analyticsConsent: "granted" });

  test("a like that succeeded is sent as tool_like, and so is taking it back", async ({
    page,
    request,
  }) => {
    await signUpByApi(page, { email: uniqueEmail("analytics-liker") });
    const tool = (await sampleTools(request)).withoutCategory;
    const sent = watchBatches(page);
    await openApp(page, toolPath(tool));
    const name = tool.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const heart = page.getByRole("button", { name: new RegExp(`^(Like|Unlike) ${name},`) }).first();
    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await expect
      .poll(() => sent.events().filter((event) => event.name === "tool_like"), { timeout: 15_000 })
      .toEqual([
        { name: "tool_like", path: toolPath(tool), toolId: tool.id, liked: true },
        { name: "tool_like", path: toolPath(tool), toolId: tool.id, liked: false },
      ]);
  });
});
