import { Marked, type Tokens } from "marked";
import sanitizeHtml from "sanitize-html";
import { withoutBidiControls } from "~/lib/comment-rules";
import { escapeHtml } from "#server/core/escape-html.server";
import { timedWorker } from "#server/core/timed-worker.server";
import { lexUntrustedMarkdown, type LexOptions } from "../markdown/lex-markdown.server";

// DESIGN.md 8: comments are shown as sanitised HTML. Native comments are Markdown
// rendered without raw HTML; imported ones arrive as HTML. Both go through one allowlist here, so a
// comment's HTML can never carry more than these tags, and links only to http and https.

const ALLOWED_TAGS = [
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "del",
  "s",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "a",
];

/** Links written by strangers: no ranking credit, no window.opener for the target. */
export const COMMENT_LINK_REL = "nofollow ugc noopener";

// Tags whose content is not text a person wrote to be read: dropped whole, not unwrapped.
const NON_TEXT_TAGS = [
  "script",
  "style",
  "textarea",
  "option",
  "noscript",
  "template",
  "iframe",
  "object",
  "embed",
  "svg",
  "math",
  "title",
  "head",
  "xmp",
  "noembed",
  "noframes",
];

const DISQUS_REDIRECT_HOSTS = new Set(["disq.us", "www.disq.us"]);

/**
 * Disqus rewrote every link of a comment as `https://disq.us/url?url=<encoded target>:<hash>`;
 * the target is what the person linked to.
 */
function unwrapDisqusRedirect(url: URL): URL {
  if (!DISQUS_REDIRECT_HOSTS.has(url.hostname) || url.pathname !== "/url") return url;
  const wrapped = url.searchParams.get("url");
  if (!wrapped) return url;
  const target = /^(.+):[\w-]+$/.exec(wrapped)?.[1] ?? wrapped;
  try {
    return new URL(target);
  } catch {
    return url;
  }
}

/** The link's absolute http(s) address, its Disqus redirect unwrapped; null when not allowed. */
export function safeCommentHref(href: string): string | null {
  let url: URL;
  try {
    url = unwrapDisqusRedirect(new URL(href));
  } catch {
    return null;
  }
  return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
}

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ["href", "rel"] },
  allowedSchemes: ["http", "https"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: NON_TEXT_TAGS,
  transformTags: {
    // A link that may not stay becomes a tag outside the allowlist, which keeps only its text.
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href === undefined ? null : safeCommentHref(attribs.href);
      return href === null
        ? { tagName: "span", attribs: {} }
        : { tagName: "a", attribs: { href, rel: COMMENT_LINK_REL } };
    },
  },
};

/** HTML from anywhere (an import, the Markdown renderer) reduced to the comment allowlist. */
export function sanitizeCommentHtml(html: string): string {
  return sanitizeHtml(withoutBidiControls(html), SANITIZE_OPTIONS);
}

/**
 * Longer HTML is sanitised on a worker (decision 024): at about 2 ms per 1,000 characters, this
 * much stays within the event loop's 50 ms.
 */
export const SANITIZE_ON_LOOP_CHARS = 10_000;
const SANITIZE_TIME_LIMIT_MS = 5_000;

const sanitizer = timedWorker<string, string>(
  new URL("./sanitize-comment-html.worker.mjs", import.meta.url),
);

/**
 * sanitizeCommentHtml for HTML of any length (an imported message holds up to 100,000
 * characters): long HTML off the event loop. Null when the worker could not finish it in time.
 */
export async function sanitizeLongCommentHtml(html: string): Promise<string | null> {
  if (html.length <= SANITIZE_ON_LOOP_CHARS) return sanitizeCommentHtml(html);
  return sanitizer.run(html, SANITIZE_TIME_LIMIT_MS);
}

/** Links in sanitised comment HTML (the hold rule for new accounts counts them). */
export function countCommentLinks(html: string): number {
  return html.match(/<a\s/g)?.length ?? 0;
}

const COMMENT_LEXING: LexOptions = { gfm: true, breaks: true };

const markdown = new Marked({
  ...COMMENT_LEXING,
  renderer: {
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    // No images in comments: what the image describes stays, as text.
    image: ({ text }: Tokens.Image) => escapeHtml(text),
    // Headings are not in the allowlist; a heading stays its own emphasised paragraph.
    heading({ tokens }: Tokens.Heading) {
      return `<p><strong>${this.parser.parseInline(tokens)}</strong></p>\n`;
    },
    link({ href, tokens }: Tokens.Link) {
      const text = this.parser.parseInline(tokens);
      const safe = safeCommentHref(href);
      return safe === null ? text : `<a href="${escapeHtml(safe)}">${text}</a>`;
    },
  },
});

/** Escaped paragraphs, for text the lexer could not finish in time or nested past its recursion. */
function renderPlainParagraphs(source: string): string {
  return source
    .split(/\n[ \t]*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, "<br />")}</p>`)
    .join("\n");
}

/**
 * A native or imported comment's Markdown as the HTML shown: lexed off the event loop (decision
 * 024), raw HTML escaped, then the allowlist.
 */
export async function renderCommentMarkdown(source: string): Promise<string> {
  const tokens = await lexUntrustedMarkdown(source, COMMENT_LEXING);
  let html: string;
  try {
    html = tokens ? markdown.parser(tokens) : renderPlainParagraphs(source);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    html = renderPlainParagraphs(source);
  }
  return sanitizeCommentHtml(html).trim();
}
