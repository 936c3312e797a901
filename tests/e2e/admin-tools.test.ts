import AxeBuilder from "@axe-core/playwright";
import { toolPath } from "~/lib/paths";
import type { ToolCard } from "~/lib/tool";
import { openApp } from "./fixtures";
import { expect, signInWithGoogle, signUpByApi, test, uniqueEmail } from "./support/accounts";

// (first part): the admin tool list. An admin (a listed address signing in with Google)
// unpublishes a tool and sees it leave the public pages, then brings it back.

test("an admin unpublishes a tool from the list and it leaves the public pages", async ({
  page,
}) => {
  test.slow();
  const response = await page.request.get("/api/tools?sort=Newest&offset=20&limit=1");
  const tool = ((await response.json()) as { tools: ToolCard[] }).tools[0]!;
  await signInWithGoogle(page, `boss-${test.info().project.name}@example.com`, "Boss");

  await openApp(page, `/admin/tools?search=${encodeURIComponent(tool.name)}`);
  await expect(page.getByRole("heading", { name: "Tools", level: 1 })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByRole("checkbox", { name: `Choose ${tool.name}` }).check();
  await page.getByRole("button", { name: "Set offline" }).click();
  await expect(page.getByText("1 tool set to offline.")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(tool.name) })).toContainText("offline");
  await expect.poll(async () => (await page.request.get(toolPath(tool))).status()).toBe(404);

  await page.getByRole("checkbox", { name: `Choose ${tool.name}` }).check();
  await page.getByRole("button", { name: "Set online" }).click();
  await expect(page.getByText("1 tool set to online.")).toBeVisible();
  await expect.poll(async () => (await page.request.get(toolPath(tool))).status()).toBe(200);
});

test("the admin tool endpoints refuse visitors and non-admins", async ({ page }) => {
  const origin = { origin: test.info().project.use.baseURL ?? "" };
  const body = { ids: ["demo-0001"], status: "offline" };
  expect((await page.request.get("/api/admin/tools")).status()).toBe(401);
  await signUpByApi(page, { email: uniqueEmail("not-admin") });
  expect((await page.request.get("/api/admin/tools")).status()).toBe(403);
  const refused = await page.request.post("/api/admin/tools/status", {
    data: body,
    headers: origin,
  });
  expect(refused.status()).toBe(403);
  const deleting = await page.request.post("/api/admin/tools/delete", {
    data: { ids: ["demo-0001"] },
    headers: origin,
  });
  expect(deleting.status()).toBe(403);
  expect((await page.request.get("/api/admin/tools/export?format=json")).status()).toBe(403);
  expect((await page.request.get("/api/tools/demo-0001")).status()).toBe(200);
});
