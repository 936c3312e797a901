import AxeBuilder from "@axe-core/playwright";
import { toolPath } from "~/lib/paths";
import { expect, sampleTools, test } from "./fixtures";

test.describe("axe reports no violations", () => {
  // axe takes several seconds on a page of this size on a small CI machine.
  test.slow();
  test("on the home page", async ({ page }) => {
    await page.goto("/");
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
  test("on the browse page", async ({ page }) => {
    await page.goto("/ai-tools");
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
  test("on a tool page", async ({ page, request }) => {
    const { withSubcategory } = await sampleTools(request);
    await page.goto(toolPath(withSubcategory));
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
});
