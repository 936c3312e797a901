import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { openApp } from "./fixtures";
import { expect, signInWithGoogle, signUpByApi, test, uniqueEmail } from "./support/accounts";

// An admin adds a tool with an image, finds it on the public pages, edits it,
// unpublishes it, and imports a CSV. Nobody else may do any of it.

const adminEmail = () => `boss-${test.info().project.name}@example.com`;
const unique = (label: string) => `${label} ${test.info().project.name} ${Date.now().toString(36)}`;

test("an admin adds a tool with an image, sees it public, edits it and unpublishes it", async ({
  page,
}) => {
  test.slow();
  const name = unique("Quillwright");
  await signInWithGoogle(page, adminEmail(), "Boss");
  await openApp(page, "/admin/tools/manual");
  await expect(page.getByRole("heading", { name: "Add a tool manually" })).toBeVisible();

  await page.getByRole("button", { name: "Add tool" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Some fields need attention." }),
  ).toContainText("Enter the tool's name.");

  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Website", { exact: true }).fill("https://quillwright.example");
  await page.getByRole("combobox", { name: "Category", exact: true }).fill("Marketing");
  await page.getByLabel("Pricing model").selectOption("Freemium");
  await page.getByLabel("Card description").fill("Drafts campaign briefs in minutes.");
  await page
    .getByRole("textbox", { name: "Long description" })
    .fill("## Why teams use it\n\nIt **writes** briefs.");
  await page.getByRole("tab", { name: "Preview" }).click();
  await expect(
    page.getByRole("tabpanel").getByRole("heading", { name: "Why teams use it" }),
  ).toBeVisible();
  await page.getByRole("textbox", { name: "New key feature" }).fill("Brief templates");
  await page.keyboard.press("Enter");
  await page.getByRole("textbox", { name: "New hashtag" }).fill("#briefs");
  await page.keyboard.press("Enter");
  await expect(page.getByText(/^\/ai-tools\/marketing\/quillwright-/)).toBeVisible();

  const png = await sharp({
    create: { width: 900, height: 600, channels: 3, background: "#2f6fd0" },
  })
    .png()
    .toBuffer();
  await page
    .getByLabel("Card image file")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
  await expect(page.getByRole("img", { name: "Card image preview" })).toHaveAttribute(
    "src",
    /^\/media\/uploads\/[0-9a-f]+_300x300\.webp$/,
  );
  await page
    .getByLabel("Main image file")
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hi") });
  await expect(page.getByText('"notes.txt" is not a JPEG, PNG or WebP image.')).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.getByRole("button", { name: "Add tool" }).click();
  await expect(page.getByText(`"${name}" is added.`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/tools\/manual\/t-[0-9a-f]+$/);
  const editUrl = page.url();

  await openApp(page, `/ai-tools?search=${encodeURIComponent(name)}`);
  const card = page.getByRole("article", { name });
  await expect(card).toContainText("Drafts campaign briefs in minutes.");
  await expect(card.locator("img").first()).toHaveAttribute(
    "src",
    /\/media\/uploads\/[0-9a-f]+_(300x300|600x450)\.webp$/,
  );
  await card.getByRole("link", { name }).first().click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Why teams use it" })).toBeVisible();
  await expect(page.getByText("Brief templates")).toBeVisible();
  const publicUrl = page.url();

  await openApp(page, editUrl);
  await page.getByLabel("Card description").fill("Now drafts briefs and plans.");
  await page.getByRole("link", { name: "Tools", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Leave without saving?" })).toBeVisible();
  await page.getByRole("button", { name: "Stay on this page" }).click();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Your changes are saved.")).toBeVisible();
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/tools?search=${encodeURIComponent(name)}`)).json())
          .tools[0]?.cardDescription,
    )
    .toBe("Now drafts briefs and plans.");

  await page.getByLabel("Status").selectOption("offline");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(
    page.getByText("It is not public while its status is draft or offline."),
  ).toBeVisible();
  await expect.poll(async () => (await page.request.get(publicUrl)).status()).toBe(404);
});

test("an admin checks a CSV, fixes it and imports it", async ({ page }) => {
  test.slow();
  const first = unique("Imported Alpha");
  const second = unique("Imported Beta");
  const host = Date.now().toString(36);
  const csv = (secondWebsite: string) =>
    Buffer.from(
      `name,websiteUrl,category,pricing.model,keyFeatures\n` +
        `${first},https://alpha-${host}.example,Marketing,Free,Fast|Simple\n` +
        `${second},${secondWebsite},Marketing,Paid,\n`,
    );
  await signInWithGoogle(page, adminEmail(), "Boss");
  await openApp(page, "/admin/tools/import");
  const file = page.getByLabel("Import file");

  await file.setInputFiles({
    name: "tools.csv",
    mimeType: "text/csv",
    buffer: csv("ftp://beta.example"),
  });
  await page.getByRole("button", { name: "Check file (dry run)" }).click();
  await expect(
    page.getByText("1 of 2 rows has problems, so nothing would be imported."),
  ).toBeVisible();
  await expect(page.getByRole("row", { name: /^3 / })).toContainText(
    "websiteUrl: Enter a web address",
  );
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await file.setInputFiles({
    name: "tools.csv",
    mimeType: "text/csv",
    buffer: csv(`https://beta-${host}.example`),
  });
  await page.getByRole("button", { name: "Check file (dry run)" }).click();
  await expect(page.getByText("Dry run: 2 to create, 0 to update, 0 unchanged.")).toBeVisible();
  // A search for the name finds no such tool (a relaxed search may list others).
  const answer = (await (
    await page.request.get(`/api/tools?search=${encodeURIComponent(first)}`)
  ).json()) as { tools: { name: string }[] };
  expect(answer.tools.filter((tool) => tool.name === first)).toEqual([]);
  await page.getByRole("button", { name: "Import 2 tools" }).click();
  await expect(page.getByText("Imported: 2 created, 0 updated, 0 unchanged.")).toBeVisible();
  await expect(page.getByRole("table").last()).toContainText("tools.csv");

  await openApp(page, `/ai-tools?search=${encodeURIComponent(first)}`);
  await expect(page.getByRole("article", { name: first })).toBeVisible();
});

test("a visitor opening a tool from its card records one view before the tool page", async ({
  page,
}) => {
  // Tool card. The tool is this test's own, so no other test's visits change its count.
  const name = unique("Viewcount");
  await signInWithGoogle(page, adminEmail(), "Boss");
  const added = await page.request.post("/api/admin/tools", {
    data: { tool: { name, cardDescription: "Counts its own views." } },
    headers: { origin: test.info().project.use.baseURL ?? "" },
  });
  expect(added.status()).toBe(201);
  const { tool } = (await added.json()) as { tool: { id: string } };
  await page.context().clearCookies();
  const viewsOf = async () =>
    (
      (await (await page.request.get(`/api/tools/${tool.id}`)).json()) as {
        tool: { views: number };
      }
    ).tool.views;
  const search = `search=${encodeURIComponent(name)}`;
  // The listing follows the catalogue's change event, a moment after the write.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/tools?${search}`)).json()) as { total: number })
          .total,
    )
    .toBe(1);
  expect(await viewsOf()).toBe(0);

  await openApp(page, `/ai-tools?${search}`);
  const card = page.getByRole("article", { name });
  const viewed = page.waitForRequest(
    (req) => req.method() === "POST" && req.url().endsWith(`/api/tools/${tool.id}/views`),
  );
  await card.getByRole("link", { name }).first().click();
  await viewed;
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  // Views are written in batches within 2 s.
  await expect.poll(viewsOf, { timeout: 6000 }).toBe(1);
});

test("the catalogue write endpoints answer bad input with per-field messages", async ({ page }) => {
  await signInWithGoogle(page, adminEmail(), "Boss");
  const origin = { origin: test.info().project.use.baseURL ?? "" };
  const bad = await page.request.post("/api/admin/tools", {
    data: { tool: { name: "", websiteUrl: "javascript:alert(1)", subCategory: "Orphan" } },
    headers: origin,
  });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error.fields).toEqual({
    name: "Enter the tool's name.",
    subCategory: "Choose a category before a subcategory.",
    websiteUrl: "Enter a web address that starts with http:// or https://.",
  });
  const image = await page.request.post("/api/admin/images", {
    data: Buffer.from("<svg/>"),
    headers: { ...origin, "content-type": "image/png" },
  });
  expect(image.status()).toBe(400);
  expect((await image.json()).error.message).toBe("Upload a JPEG, PNG or WebP image.");
  const noFormat = await page.request.post("/api/admin/import", {
    data: "name\nA\n",
    headers: origin,
  });
  expect(noFormat.status()).toBe(400);
  const missing = await page.request.put("/api/admin/tools/no-such-tool", {
    data: { tool: { name: "A" } },
    headers: origin,
  });
  expect(missing.status()).toBe(404);
});

test("visitors and non-admins can use none of the catalogue writes", async ({ page }) => {
  const origin = { origin: test.info().project.use.baseURL ?? "" };
  const attempts = () => [
    page.request.post("/api/admin/tools", { data: { tool: { name: "X" } }, headers: origin }),
    page.request.put("/api/admin/tools/demo-0001", {
      data: { tool: { name: "X" } },
      headers: origin,
    }),
    page.request.post("/api/admin/images", { data: Buffer.from("x"), headers: origin }),
    page.request.post("/api/admin/markdown", { data: { source: "x" }, headers: origin }),
    page.request.post("/api/admin/import?format=csv&dryRun=0", {
      data: "name\nX\n",
      headers: origin,
    }),
  ];
  for (const response of await Promise.all(attempts())) expect(response.status()).toBe(401);
  await signUpByApi(page, { email: uniqueEmail("not-admin") });
  for (const response of await Promise.all(attempts())) expect(response.status()).toBe(403);
  for (const path of [
    "/admin/tools/manual",
    "/admin/tools/manual/demo-0001",
    "/admin/tools/import",
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
});
