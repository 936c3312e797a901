import type { Page } from "@playwright/test";
import { toolPath } from "~/lib/paths";
import { expect, openApp, sampleTools, test } from "./fixtures";

// Decision 013: a page served from the render cache was rendered once for every signed-out
// visitor, at its canonical address, with no nonce. It must hydrate wherever it is opened and
// run under a CSP that allows its inline scripts by hash and nothing else.

/**
 * Collects the page's CSP violations (the fixtures fail the test on console errors as well).
 * Zod's probe for `Function("")`, which the policy refuses on every page as meant (no
 * 'unsafe-eval'; zod then parses without it), is not one of the page's scripts.
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      if (event.blockedURI === "eval") return;
      const report = (window as unknown as { reportViolation: (text: string) => void })
        .reportViolation;
      void report(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  return violations;
}

/** Opens the address as a signed-out visitor whose page comes from the cache, and waits for it to run. */
async function openCached(page: Page, url: string) {
  const response = await openApp(page, url);
  expect(response?.headers()["x-cache"], url).toBe("HIT");
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(policy).toMatch(/script-src 'self' 'sha256-[^']+'/);
  expect(policy).not.toContain("nonce");
}

test("a cached page hydrates and runs with no CSP violation, at its address and with extra parameters", async ({
  page,
  request,
}) => {
  const violations = await watchViolations(page);
  const { withSubcategory: tool } = await sampleTools(request);
  const addresses = [
    "/",
    "/ai-tools?sort=Newest",
    "/ai-tools?sort=Newest&utm_source=x",
    toolPath(tool),
    `${toolPath(tool)}?utm_source=x&utm_medium=mail`,
  ];
  for (const url of addresses) {
    await request.get(url);
    await openCached(page, url);
  }
  expect(violations).toEqual([]);

  // It runs: a listing opened at an address with a parameter the key drops navigates in the
  // browser.
  await openCached(page, "/ai-tools?sort=Newest&utm_source=x");
  const sortBy = page.getByRole("navigation", { name: "Sort by" });
  await sortBy.getByRole("link", { name: "Most Liked" }).click();
  await expect(page).toHaveURL(/sort=Most\+Liked/);
  await expect(sortBy.getByRole("link", { name: "Most Liked" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  expect(violations).toEqual([]);
});

test("a search asked for in another case and spacing hydrates from the normalised page", async ({
  page,
  request,
}) => {
  const violations = await watchViolations(page);
  const url = "/ai-tools?search=%20Meeting%20%20NOTES&utm_source=x";
  // A search is kept once asked for twice.
  await request.get(url);
  await request.get("/ai-tools?search=meeting+notes");
  await openCached(page, url);
  await expect(page.getByRole("searchbox").first()).toHaveValue("meeting notes");
  await expect(page.getByRole("article").first()).toBeVisible();
  expect(violations).toEqual([]);
});
