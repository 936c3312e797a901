import type { z } from "zod";

// One reading of a failed zod parse for every form and API answer: the `fields` of an error body
// (docs/api.md) and the messages a form shows under its inputs.

/**
 * The first message for each field, keyed by its dotted path ("pricing.model"); one about the whole
 * value is "_". A form shows a list item's message under the list ("hashtags", not "hashtags.3");
 * the API's error body names the item itself (`keepItemIndex`), so a client knows which one failed.
 */
export function fieldErrorsOf(
  error: z.ZodError,
  { keepItemIndex = false }: { keepItemIndex?: boolean } = {},
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    const underList = !keepItemIndex && /^\d+$/.test(path.at(-1) ?? "");
    const key = (underList ? path.slice(0, -1) : path).join(".");
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
