import type { MarkedOptions, Token, TokensList } from "marked";
import { timedWorker } from "#server/core/timed-worker.server";

// Decision 024: Markdown written by strangers (comments, imported comments, drafted descriptions)
// is lexed on a worker thread, the only part of marked whose time grows faster than its input.
// Rendering the tokens and sanitising the HTML stay here; both are linear. A lex past the time
// limit ends the worker, and the caller shows the text as plain paragraphs.

/**
 * How long one text may be lexed before it is given up on: a 5,000-character comment takes a few
 * ms, so this holds on a machine far busier than ours and still ends a text that never would.
 */
export const MARKDOWN_LEX_TIME_LIMIT_MS = 1_000;

/** The lexer options a worker is asked to use: the ones that change tokens, never renderers. */
export type LexOptions = Pick<MarkedOptions, "gfm" | "breaks">;

const lexer = timedWorker<
  { source: string; options: LexOptions },
  { tokens: Token[]; links: TokensList["links"] }
>(new URL("./lex-markdown.worker.mjs", import.meta.url));

/**
 * The text's tokens, lexed off the event loop; null when the lexer could not finish within
 * `timeLimitMs` or at all (nesting past its recursion), for the caller to show plain text.
 */
export async function lexUntrustedMarkdown(
  source: string,
  options: LexOptions,
  timeLimitMs = MARKDOWN_LEX_TIME_LIMIT_MS,
): Promise<TokensList | null> {
  const lexed = await lexer.run({ source, options }, timeLimitMs);
  return lexed && Object.assign(lexed.tokens, { links: lexed.links });
}
