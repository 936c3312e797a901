import { z } from "zod";

/** An email address someone gives us to write to (the newsletter, a support request). */
export const emailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Enter your email address.")
  .max(254, "That email address is too long.")
  .pipe(z.email("Enter a valid email address."));
