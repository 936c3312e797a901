import { Worker } from "node:worker_threads";
import type { MarkedOptions, Token, TokensList } from "marked";

// Decision 024: Markdown written by strangers (comments, imported comments, drafted descriptions)
// is lexed on a worker thread, the only part of marked whose time grows faster than its input.
// Rendering the tokens and sanitising the HTML stay here; both are linear. A lex past the time
// limit ends the worker, and the caller shows the text as plain paragraphs.

/** How long one text may be lexed before it is given up on (a 5,000-character comment takes ~2 ms). */
export const MARKDOWN_LEX_TIME_LIMIT_MS = 500;

/** The lexer options a worker is asked to use: the ones that change tokens, never renderers. */
export type LexOptions = Pick<MarkedOptions, "gfm" | "breaks">;

type Answer =
  { id: number; tokens: Token[]; links: TokensList["links"] } | { id: number; failed: true };

/** The worker once it has loaded marked, so starting it never counts against a text's limit. */
let ready: Promise<Worker> | null = null;
let nextId = 1;
/** Texts are lexed one at a time, so each one's time limit starts when its lex does. */
let queue: Promise<unknown> = Promise.resolve();

function readyWorker(): Promise<Worker> {
  if (!ready) {
    const started = new Worker(new URL("./lex-markdown.worker.mjs", import.meta.url));
    // The worker never keeps the process alive; one that fails is replaced for the next text.
    started.unref();
    const starting = new Promise<Worker>((resolve, reject) => {
      started.once("message", () => resolve(started));
      started.once("error", reject);
      started.once("exit", () => reject(new Error("The Markdown worker stopped as it started.")));
    });
    const forget = () => {
      if (ready === starting) ready = null;
    };
    started.once("error", forget);
    started.once("exit", forget);
    ready = starting;
  }
  return ready;
}

async function lexOnWorker(source: string, options: LexOptions, timeLimitMs: number) {
  let lexer: Worker;
  try {
    lexer = await readyWorker();
  } catch {
    return null;
  }
  const id = nextId++;
  return new Promise<TokensList | null>((resolve) => {
    const finish = (tokens: TokensList | null) => {
      clearTimeout(timer);
      lexer.off("message", onMessage);
      lexer.off("exit", onExit);
      resolve(tokens);
    };
    const onMessage = (answer: Answer) => {
      if (answer.id !== id) return;
      finish("failed" in answer ? null : Object.assign(answer.tokens, { links: answer.links }));
    };
    const onExit = () => finish(null);
    const timer = setTimeout(() => {
      // Texts go one at a time, so the worker being started is this one: the next text gets another.
      ready = null;
      void lexer.terminate();
      finish(null);
    }, timeLimitMs);
    lexer.on("message", onMessage);
    lexer.on("exit", onExit);
    lexer.postMessage({ id, source, options });
  });
}

/**
 * The text's tokens, lexed off the event loop; null when the lexer could not finish within
 * `timeLimitMs` or at all (nesting past its recursion), for the caller to show plain text.
 */
export function lexUntrustedMarkdown(
  source: string,
  options: LexOptions,
  timeLimitMs = MARKDOWN_LEX_TIME_LIMIT_MS,
): Promise<TokensList | null> {
  const lexed = queue.then(() => lexOnWorker(source, options, timeLimitMs));
  queue = lexed;
  return lexed;
}
