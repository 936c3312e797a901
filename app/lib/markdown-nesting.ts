import { z } from "zod";

/**
 * Quotes and lists nested deeper than this are refused: nobody writes them, and the Markdown
 * renderer recurses once per level, so a few thousand `>` overflow its stack.
 */
export const MAX_MARKDOWN_NESTING = 20;

// One container opener at the start of what is left of a line: a quote marker, or a bullet or
// ordered list marker followed by a space (or the line's end).
const CONTAINER_MARKER = /^[ \t]*(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))/;

function indentWidth(line: string): number {
  let width = 0;
  for (const char of line) {
    if (char === " ") width += 1;
    else if (char === "\t") width += 4;
    else break;
  }
  return width;
}

/**
 * How deep one line nests quotes and lists: the markers that open it, plus its indentation
 * before them in two-space list levels. Counting stops once past `limit`.
 */
function lineNesting(line: string, limit: number): number {
  let depth = 0;
  let rest = line;
  for (let marker = CONTAINER_MARKER.exec(rest); marker; marker = CONTAINER_MARKER.exec(rest)) {
    depth += 1;
    if (depth > limit) return depth;
    rest = rest.slice(marker[0].length);
  }
  return depth === 0 ? 0 : depth + Math.floor(indentWidth(line) / 2);
}

/** The deepest quote or list nesting of any line, counted up to just past `limit`. */
export function markdownNesting(source: string, limit = MAX_MARKDOWN_NESTING): number {
  let deepest = 0;
  for (const line of source.split(/\r\n|\r|\n/)) {
    deepest = Math.max(deepest, lineNesting(line, limit));
    if (deepest > limit) break;
  }
  return deepest;
}

/** The check a Markdown field adds: `z.string().check(shallowMarkdown("The long description"))`. */
export function shallowMarkdown(label = "The Markdown") {
  return z.refine<string>(
    (source) => markdownNesting(source) <= MAX_MARKDOWN_NESTING,
    `${label} nests quotes or lists more than ${MAX_MARKDOWN_NESTING} levels deep.`,
  );
}
