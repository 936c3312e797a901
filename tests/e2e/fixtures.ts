import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from "@playwright/test";
import type { ToolCard } from "~/lib/tool";

// Every page test fails on a browser console error or a React hydration warning (STYLE.md).

const IGNORED = [/Download the React DevTools/];

async function waitForDemoImages(request: APIRequestContext) {
  // Demo images are generated in the background after start; until they exist, image requests
  // fall back and fail, which the console check below would rightly report.
  await expect
    .poll(async () => (await (await request.get("/healthz")).json()).images, {
      timeout: 120_000,
      intervals: [500],
    })
    .toBe("ready");
}

/**
 * Stores an analytics choice before the context's first page loads, as a visitor who answered
 * the consent banner before; a choice the test makes itself later survives its reloads.
 */
export async function storeAnalyticsChoice(
  context: BrowserContext,
  value: "granted" | "denied" = "denied",
) {
  await context.addInitScript((choice) => {
    try {
      if (localStorage.getItem("analytics_consent") === null) {
        localStorage.setItem("analytics_consent", choice);
      }
    } catch {
      // about:blank and opaque origins have no storage.
    }
  }, value);
}

interface PageFixtures {
  /**
   * The analytics choice stored before each page loads, so the first-visit consent banner stays
   * away; null leaves storage empty (the tests of the banner).
   */
  analyticsConsent: "granted" | "denied" | null;
  consoleProblems: string[];
}

export const test = base.extend<PageFixtures, { demoImagesReady: void }>({
  analyticsConsent: ["denied", { option: true }],
  context: [
    async ({ context, analyticsConsent }, use) => {
      if (analyticsConsent) await storeAnalyticsChoice(context, analyticsConsent);
      await use(context);
    },
    { scope: "test" },
  ],
  demoImagesReady: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({
        baseURL: workerInfo.project.use.baseURL,
      });
      await waitForDemoImages(request);
      await request.dispose();
      await use();
    },
    { scope: "worker", auto: true, timeout: 130_000 },
  ],
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        const text = message.text();
        if (IGNORED.some((pattern) => pattern.test(text))) return;
        // A page that answers 404 (or 400) on purpose logs its own status; that is not a problem.
        if (message.location().url === page.url() && /status of 40[04]/.test(text)) return;
        // An API refusing bad input (a wrong password, say) is an answer the page shows, not a fault.
        if (/\/api\//.test(message.location().url) && /status of 4\d\d/.test(text)) return;
        if (message.type() === "error" || /hydrat/i.test(text))
          problems.push(`${message.type()}: ${text}`);
      });
      page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
      await use(problems);
      expect(problems, "browser console problems").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Opens a page and waits until it runs in the browser (root.tsx marks it), for tests of what
 * scripts do: typing, saved state, restoring.
 */
export async function openApp(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 20_000 });
  return response;
}

export interface SampleTools {
  withSubcategory: ToolCard;
  withoutSubcategory: ToolCard;
  withoutCategory: ToolCard;
}

/** Finds one demo tool of each URL shape through the public API. */
export async function sampleTools(request: APIRequestContext): Promise<SampleTools> {
  const response = await request.get("/api/tools?limit=1000&sort=Most%20Viewed");
  const { tools } = (await response.json()) as { tools: ToolCard[] };
  const find = (predicate: (tool: ToolCard) => boolean) => {
    const tool = tools.find(predicate);
    if (!tool) throw new Error("The demo catalogue lacks a tool of this shape");
    return tool;
  };
  return {
    withSubcategory: find((tool) => Boolean(tool.category && tool.subCategory)),
    withoutSubcategory: find((tool) => Boolean(tool.category && !tool.subCategory)),
    withoutCategory: find((tool) => !tool.category),
  };
}
