import { openApp } from "./fixtures";
import { expect, signInWithGoogle, test } from "./support/accounts";

// The admin guard: a spinner shows while the browser checks the admin role.

test("an admin page shows a spinner while the admin check runs, then the page", async ({
  page,
}) => {
  await signInWithGoogle(page, `admin-${test.info().project.name}@example.com`, "Admin");
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let isChecking = false;
  await page.route("**/api/admin/me", async (route) => {
    isChecking = true;
    await held;
    await route.continue();
  });

  const opened = openApp(page, "/admin/tools");
  const check = page.getByRole("status").filter({ hasText: "Checking your access..." });
  await expect(check).toBeVisible();
  await expect(check.locator("svg.animate-spin")).toBeVisible();
  await expect.poll(() => isChecking).toBe(true);
  await opened;
  await expect(check).toBeVisible();

  release();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(check).toHaveCount(0);
});
