import { expect, openApp, test } from "./fixtures";

// The sign-in/sign-up dialog's modes: the switch from sign-in to sign-up, "Forgot password"
// only when signing in, and the email fields' type.

test("the sign-in dialog switches to sign-up, which offers no Forgot password", async ({
  page,
}) => {
  await openApp(page, "/");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("button", { name: "Sign In" })
    .click();
  const signIn = page.getByRole("dialog", { name: "Sign in to your account" });
  await expect(signIn.getByRole("button", { name: "Forgot password?" })).toBeVisible();
  await expect(signIn.getByText("Don't have an account?")).toBeVisible();

  await signIn.getByRole("button", { name: "Sign up", exact: true }).click();
  const signUp = page.getByRole("dialog", { name: "Create your account" });
  await expect(signUp).toBeVisible();
  await expect(signUp.getByLabel("Confirm password")).toBeVisible();
  await expect(signUp.getByRole("button", { name: "Create account" })).toBeVisible();
  await expect(signUp.getByRole("button", { name: "Forgot password?" })).toHaveCount(0);
  await expect(signUp.getByText("Forgot password")).toHaveCount(0);
});

test("the email inputs of sign-in, sign-up and reset are of email type", async ({ page }) => {
  await openApp(page, "/");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("button", { name: "Sign In" })
    .click();
  const signIn = page.getByRole("dialog", { name: "Sign in to your account" });
  await expect(signIn.getByLabel("Email")).toHaveAttribute("type", "email");

  await signIn.getByRole("button", { name: "Sign up", exact: true }).click();
  const signUp = page.getByRole("dialog", { name: "Create your account" });
  await expect(signUp.getByLabel("Email")).toHaveAttribute("type", "email");

  await signUp.getByRole("button", { name: "Sign in", exact: true }).click();
  await page
    .getByRole("dialog", { name: "Sign in to your account" })
    .getByRole("button", { name: "Forgot password?" })
    .click();
  const reset = page.getByRole("dialog", { name: "Reset your password" });
  await expect(reset.getByLabel("Email")).toHaveAttribute("type", "email");
});
