import AxeBuilder from "@axe-core/playwright";
import { openApp } from "./fixtures";
import { expect, signInWithGoogle, test } from "./support/accounts";

// An admin migrates a Disqus export through /admin/migrate-comments: a dry run
// first, then the import; the report names matched and unmatched threads; the history keeps both.

const adminEmail = () => `boss-${test.info().project.name}@example.com`;

function disqusExport(toolPath: string, run: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<disqus xmlns="http://disqus.com" xmlns:dsq="http://disqus.com/disqus-internals">
  <post dsq:id="${run}-2">
    <message><![CDATA[<p>Replying before my parent.</p>]]></message>
    <createdAt>2020-02-02T10:00:00Z</createdAt>
    <isDeleted>false</isDeleted>
    <isSpam>false</isSpam>
    <author><email>b@example.com</email><name>Bea</name><isAnonymous>false</isAnonymous></author>
    <thread dsq:id="${run}-t1" />
    <parent dsq:id="${run}-1" />
  </post>
  <thread dsq:id="${run}-t1">
    <id>page-1</id>
    <link>https://www.old-site.example${toolPath}/</link>
    <title>Old review</title>
    <isClosed>false</isClosed>
    <isDeleted>false</isDeleted>
  </thread>
  <thread dsq:id="${run}-t2">
    <id>page-2</id>
    <link>https://www.old-site.example/blog/hello-world</link>
    <title>Hello world post</title>
    <isClosed>false</isClosed>
    <isDeleted>false</isDeleted>
  </thread>
  <post dsq:id="${run}-1">
    <message><![CDATA[<p>Used it for a year.</p>]]></message>
    <createdAt>2020-02-01T10:00:00Z</createdAt>
    <isDeleted>false</isDeleted>
    <isSpam>false</isSpam>
    <author><email>a@example.com</email><name>Abe</name><isAnonymous>false</isAnonymous></author>
    <thread dsq:id="${run}-t1" />
  </post>
  <post dsq:id="${run}-3">
    <message><![CDATA[<p>Buy now</p>]]></message>
    <createdAt>2020-02-03T10:00:00Z</createdAt>
    <isDeleted>false</isDeleted>
    <isSpam>true</isSpam>
    <author><name>Spam</name><isAnonymous>true</isAnonymous></author>
    <thread dsq:id="${run}-t1" />
  </post>
  <post dsq:id="${run}-4">
    <message><![CDATA[<p>Nice post</p>]]></message>
    <createdAt>2020-02-04T10:00:00Z</createdAt>
    <isDeleted>false</isDeleted>
    <isSpam>false</isSpam>
    <author><name>Cy</name><isAnonymous>false</isAnonymous></author>
    <thread dsq:id="${run}-t2" />
  </post>
</disqus>
`;
}

test("an admin checks a Disqus export with a dry run, then imports it", async ({ page }) => {
  test.slow();
  await signInWithGoogle(page, adminEmail(), "Boss");
  await openApp(page, "/ai-tools");
  const firstCard = page.getByRole("article").first();
  const toolName = (await firstCard.getByRole("heading").first().textContent())!.trim();
  const toolPath = new URL(
    (await firstCard.getByRole("link", { name: toolName }).first().getAttribute("href"))!,
    page.url(),
  ).pathname;

  await openApp(page, "/admin/migrate-comments");
  await expect(page.getByRole("heading", { name: "Comment migration", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Check file (dry run)" })).toBeDisabled();

  await page.getByLabel("Comment export file").setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("hi"),
  });
  await expect(page.getByText('"notes.txt" is not an .xml, .xml.gz or .json file.')).toBeVisible();

  await page.getByLabel("Source name (optional)").fill("Native");
  await expect(
    page.getByText("The sources native and demo are the site's own comments."),
  ).toBeVisible();
  await page.getByLabel("Source name (optional)").fill(`e2e-${Date.now().toString(36)}`);

  const run = Date.now().toString(36);
  await page.getByLabel("Comment export file").setInputFiles({
    name: "disqus-export.xml",
    mimeType: "application/xml",
    buffer: Buffer.from(disqusExport(toolPath, run)),
  });
  await expect(page.getByText("disqus-export.xml", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Check file (dry run)" }).click();

  const outcome = page.getByRole("status").filter({ hasText: "Dry run:" });
  await expect(outcome).toContainText(
    "2 comments to import into 1 tool; 1 of 2 threads matched a tool",
  );
  const unmatched = page.getByRole("region", { name: /Unmatched threads/ });
  await expect(unmatched).toContainText("https://www.old-site.example/blog/hello-world");
  const matched = page.getByRole("region", { name: /Matched threads/ });
  await expect(matched.getByRole("link", { name: toolName })).toHaveAttribute("href", toolPath);
  await expect(page.getByText("Spam skipped").locator("..")).toContainText("1");
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.getByRole("button", { name: "Import 2 comments" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Imported 2 comments" })).toBeVisible();
  const history = page.getByRole("region", { name: "Recent runs, scrollable" });
  await expect(history.getByRole("row").filter({ hasText: "disqus-export.xml" })).toHaveCount(2);

  // Running it again imports nothing twice.
  await page.getByRole("button", { name: "Check file (dry run)" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Dry run:" })).toContainText(
    "0 comments to import into 1 tool; 1 of 2 threads matched a tool; 2 already imported",
  );
  await expect(page.getByRole("button", { name: /^Import \d/ })).toHaveCount(0);

  // Replacing asks first.
  await page.getByLabel("Replace the previous import of this source").check();
  await page.getByRole("button", { name: "Check file (dry run)" }).click();
  await page.getByRole("button", { name: "Replace and import 2 comments" }).click();
  const dialog = page.getByRole("dialog", { name: "Replace the earlier import?" });
  await expect(dialog).toContainText("2 comments that the source");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test("a malformed export is refused with its line number, all by keyboard", async ({ page }) => {
  await signInWithGoogle(page, adminEmail(), "Boss");
  await openApp(page, "/admin/migrate-comments");
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Choose an export" }).focus();
  await page.keyboard.press("Enter");
  await (
    await chooser
  ).setFiles({
    name: "broken.xml",
    mimeType: "application/xml",
    buffer: Buffer.from(
      '<?xml version="1.0"?>\n<!DOCTYPE disqus [<!ENTITY x "y">]>\n<disqus xmlns="http://disqus.com"/>',
    ),
  });
  await expect(page.getByText("broken.xml", { exact: true })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Source name (optional)")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Mapping file (optional)")).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Check file (dry run)" })).toBeFocused();
  await page.keyboard.press("Enter");
  const alert = page.getByRole("alert").filter({ hasText: "DOCTYPE" });
  await expect(alert).toContainText("Line 2:");
  await expect(page.getByRole("region", { name: /Problems/ })).toContainText("2");
  // The outcome takes the focus, so a keyboard or screen-reader user continues from it.
  await expect(page.locator("[tabindex='-1'][aria-live=polite]")).toBeFocused();
});
