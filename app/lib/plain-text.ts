import { z } from "zod";

// Text from outside (forms, queries, files) is refused when it holds what nobody types: C0
// control characters and DEL (PostgreSQL text cannot hold U+0000 at all; the others break
// CSV, logs and terminals) and lone UTF-16 surrogates (not text; JSONB refuses them). Tab, line
// feed and carriage return are text only where a field holds several lines.

const LONE_SURROGATE =
  "[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]";
const NOT_SINGLE_LINE = new RegExp(`[\\u0000-\\u001f\\u007f]|${LONE_SURROGATE}`);
const NOT_MULTILINE = new RegExp(
  `[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f]|${LONE_SURROGATE}`,
);
const NOT_SHOWN = new RegExp(NOT_MULTILINE.source, "g");

export interface PlainTextOptions {
  /** Tab, line feed and carriage return are allowed (a textarea's value). */
  multiline?: boolean;
}

export function isPlainText(text: string, { multiline = false }: PlainTextOptions = {}): boolean {
  return !(multiline ? NOT_MULTILINE : NOT_SINGLE_LINE).test(text);
}

/** The check every schema at a boundary adds to its text: `z.string().check(plainText("The name"))`. */
export function plainText(label = "The text", options: PlainTextOptions = {}) {
  return z.refine<string>(
    (text) => isPlainText(text, options),
    `${label} holds a control character or another character that is not allowed.`,
  );
}

const NOT_SINGLE_LINE_ANYWHERE = new RegExp(NOT_SINGLE_LINE.source, "g");

/**
 * Text with every character `plainText` refuses dropped: for what arrives encoded past the
 * schemas (a decoded query value) or must be stored whatever it holds (an error report).
 */
export function withoutRefusedCharacters(
  text: string,
  { multiline = false }: PlainTextOptions = {},
): string {
  return text.replace(multiline ? NOT_SHOWN : NOT_SINGLE_LINE_ANYWHERE, "");
}

/**
 * Refused text as a report can repeat it (an import's problem names the row): every character
 * `plainText` refuses in multi-line text becomes U+FFFD.
 */
export function shownText(text: string): string {
  return text.replace(NOT_SHOWN, "\ufffd");
}
