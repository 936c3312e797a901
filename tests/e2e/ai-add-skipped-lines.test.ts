import { openApp } from "./fixtures";
import { expect, signInWithGoogle, test } from "./support/accounts";

// AI-assisted add: a pasted line that gives no address to draft is named in the form, with its
// number and why, and the address box is described by it. Nothing is sent here.

test("a pasted list with bad lines names each line and why, in the form", async ({ page }) => {
  await signInWithGoogle(page, `boss-${test.info().project.name}@example.com`, "Boss");
  await openApp(page, "/admin/tools/ai");
  const box = page.getByRole("textbox", { name: "Web addresses" });
  await box.fill("https://good-tool.example\nnot an address\nftp://files.example/list");

  await expect(page.getByText("2 addresses found. 2 lines are left out")).toBeVisible();
  const notAddress =
    "Line 2, “not an address”: It is not a web address (such as example.com), so it is left out.";
  const refused = "Line 3, “ftp://files.example/list”: Only http and https addresses are fetched.";
  await expect(page.getByRole("listitem").filter({ hasText: notAddress })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: refused })).toBeVisible();
  await expect(box).toHaveAccessibleDescription(
    new RegExp(`${notAddress.replace(/[.()]/g, "\\$&")}`),
  );

  await box.fill("https://good-tool.example");
  await expect(page.getByText("1 address found.", { exact: true })).toBeVisible();
  await expect(page.getByText(/left out/)).toHaveCount(0);
});
