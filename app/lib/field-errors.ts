import type { z } from "zod";

// One reading of a failed zod parse for every form and API answer: the `fields` of an error body
// (docs/api.md) and the messages a form shows under its inputs.

/**
 * The first message for each field, keyed by its dotted path ("pricing.model"). A list item's
 * message belongs to the list ("hashtags", not "hashtags.3"); one about the whole value is "_".
 */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    const key = /^\d+$/.test(path.at(-1) ?? "") ? path.slice(0, -1).join(".") : path.join(".");
    fields[key || "_"] ??= issue.message;
  }
  return fields;
}

/** The first message of a failed parse, for a form's single error line. */
export function firstProblem(
  error: z.ZodError,
  fallback = "Check the form and try again.",
): string {
  return error.issues[0]?.message ?? fallback;
}
