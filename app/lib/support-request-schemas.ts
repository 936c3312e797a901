import { z } from "zod";
import { emailAddress } from "./email-address";
import { plainText } from "./plain-text";

// The implementation-support form (/implementation-support): what a visitor sends the operator.

const SUPPORT_NAME_MAX = 100;
const SUPPORT_COMPANY_MAX = 120;
const SUPPORT_MESSAGE_MIN = 10;
const SUPPORT_MESSAGE_MAX = 5000;

export const supportRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Enter your name.")
    .max(SUPPORT_NAME_MAX, `Keep your name under ${SUPPORT_NAME_MAX + 1} characters.`)
    .check(plainText("Your name")),
  email: emailAddress,
  company: z
    .string()
    .trim()
    .max(SUPPORT_COMPANY_MAX, `Keep the company name under ${SUPPORT_COMPANY_MAX + 1} characters.`)
    .check(plainText("The company name")),
  message: z
    .string()
    .trim()
    .min(1, "Tell us what you would like help with.")
    .min(SUPPORT_MESSAGE_MIN, `Write at least ${SUPPORT_MESSAGE_MIN} characters.`)
    .max(SUPPORT_MESSAGE_MAX, `Keep the message under ${SUPPORT_MESSAGE_MAX + 1} characters.`)
    .check(plainText("The message", { multiline: true })),
});

export type SupportRequest = z.infer<typeof supportRequestSchema>;

/** The form's fields by name, as a posted form holds them (a missing field reads as empty). */
export function supportRequestOf(form: FormData): Record<keyof SupportRequest, string> {
  const field = (name: keyof SupportRequest) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    name: field("name"),
    email: field("email"),
    company: field("company"),
    message: field("message"),
  };
}
