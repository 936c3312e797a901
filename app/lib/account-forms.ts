import { z } from "zod";
import { plainText } from "./plain-text";

// Forms: the account forms' rules, shared by the dialogs and the server.
// No password length rule is shown in the client; the server's answer says it.

export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";

const email = z
  .string()
  .trim()
  .min(1, "Enter your email address.")
  .pipe(z.email("Enter a valid email address."));
const password = z.string().min(1, "Enter your password.");

export const signInSchema = z.object({ email, password });

/** A display name, also the name given at sign-up: optional, one line, 100 at most. */
// Checked as sent, before trimming: Better Auth stores the name it was sent.
export const accountName = z
  .string()
  .max(100, "Use at most 100 characters.")
  .check(plainText("The name"))
  .trim();

/** A new password is typed twice: the second must match the first. */
const passwordsMatch: [
  (form: { password: string; confirmPassword: string }) => boolean,
  { message: string; path: string[] },
] = [
  (form) => form.password === form.confirmPassword,
  { message: PASSWORDS_DO_NOT_MATCH, path: ["confirmPassword"] },
];

export const signUpSchema = z
  .object({
    displayName: accountName.optional(),
    email,
    password,
    confirmPassword: z.string().min(1, "Confirm your password."),
  })
  .refine(...passwordsMatch);

export const resetRequestSchema = z.object({ email });

export const newPasswordSchema = z
  .object({ password, confirmPassword: z.string().min(1, "Confirm your password.") })
  .refine(...passwordsMatch);

export const displayNameSchema = z.object({ displayName: accountName });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password."),
    password,
    confirmPassword: z.string().min(1, "Confirm your new password."),
  })
  .refine(...passwordsMatch);

/** Accounts with a password confirm with it; the others type this word. */
export const DELETE_CONFIRM_WORD = "delete";

export const deleteAccountSchema = z.object({
  password: z.string().max(128).check(plainText("The password")).optional(),
  confirm: z.string().max(20).check(plainText("The confirmation")).optional(),
});
