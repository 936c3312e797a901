import { withoutRefusedCharacters } from "~/lib/plain-text";

// The one escaping of text for XML (sitemaps, feeds, the Open Graph cards' SVG). Tool names and
// descriptions are admin and import text, so what XML 1.0 cannot carry even escaped is dropped
// first: the controls and lone surrogates plain text refuses, and the two non-characters.

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};
const NON_CHARACTERS = /[\uFFFE\uFFFF]/g;

/** Text made safe for an XML element or a quoted attribute; tab and line breaks are kept. */
export function escapeXml(text: string): string {
  return withoutRefusedCharacters(text, { multiline: true })
    .replace(NON_CHARACTERS, "")
    .replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}
