import { Marked, type Tokens } from "marked";
import type { Logger } from "#server/core/logger.server";
import { escapeHtml } from "#server/core/escape-html.server";
import { lexUntrustedMarkdown, type LexOptions } from "../markdown/lex-markdown.server";

function isSafeUrl(href: string): boolean {
  try {
    const url = new URL(href, "https://relative.invalid");
    return url.protocol === "http:" || url.protocol === "https:" || url.protocol === "mailto:";
  } catch {
    return false;
  }
}

// DESIGN.md 8: admin text is Markdown rendered without raw HTML and with http/https links only.
const DESCRIPTION_LEXING: LexOptions = { gfm: true };

const markdown = new Marked({
  ...DESCRIPTION_LEXING,
  renderer: {
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    link({ href, title, tokens }: Tokens.Link) {
      const text = this.parser.parseInline(tokens);
      if (!isSafeUrl(href)) return text;
      const titleAttribute = title ? ` title="${escapeHtml(title)}"` : "";
      return `<a href="${escapeHtml(href)}"${titleAttribute} rel="nofollow noopener noreferrer">${text}</a>`;
    },
    image({ href, text }: Tokens.Image) {
      if (!isSafeUrl(href)) return escapeHtml(text);
      return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}" loading="lazy">`;
    },
  },
});

/** The source as escaped paragraphs, one per blank-line-separated block. */
function renderPlainParagraphs(source: string): string {
  return source
    .split(/(?:\r\n|\r|\n)[ \t]*(?:\r\n|\r|\n)/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeHtml(block)}</p>\n`)
    .join("");
}

// Text saved before its nesting was limited (markdown-nesting.ts) can still overflow marked's
// recursion, and a drafted description can hold text the lexer takes too long over: each such
// text is reported once per process, not once per visitor.
const reportedSources = new Set<string>();
const MAX_REPORTED_SOURCES = 100;

function reportPlain(source: string, logger: Pick<Logger, "warn"> | undefined, error?: unknown) {
  if (reportedSources.has(source)) return;
  if (reportedSources.size >= MAX_REPORTED_SOURCES) reportedSources.clear();
  reportedSources.add(source);
  logger?.warn(
    { err: error, length: source.length },
    error
      ? "Markdown nested too deep to render; shown as plain text"
      : "Markdown too slow to render; shown as plain text",
  );
}

/**
 * Sanitized HTML for admin Markdown, lexed off the event loop (decision 024: descriptions can be
 * drafted from fetched pages). It never throws: text nested too deep for the renderer, or that
 * the lexer could not finish in time, comes back as plain escaped paragraphs, so the page that
 * shows it still renders.
 */
export async function renderMarkdown(
  source: string,
  logger?: Pick<Logger, "warn">,
): Promise<string> {
  const tokens = await lexUntrustedMarkdown(source, DESCRIPTION_LEXING);
  if (!tokens) {
    reportPlain(source, logger);
    return renderPlainParagraphs(source);
  }
  try {
    return markdown.parser(tokens);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    reportPlain(source, logger, error);
    return renderPlainParagraphs(source);
  }
}
