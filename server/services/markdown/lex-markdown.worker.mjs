// The Markdown lexer's own thread (decision 024). marked's lexer can take time that grows with the
// square of a paragraph (`*a_` repeated); here it holds only this thread, which the main thread
// ends when it runs past its time limit. Plain JavaScript: a worker cannot load TypeScript on
// Node 20. It says { ready: true } once loaded, then answers { id, tokens, links } or
// { id, failed: true }.
import { parentPort } from "node:worker_threads";
import { Marked } from "marked";

/** One lexer per set of options, keyed by their JSON. */
const lexers = new Map();

parentPort.on("message", ({ id, source, options }) => {
  const key = JSON.stringify(options);
  let lexer = lexers.get(key);
  if (!lexer) {
    lexer = new Marked(options);
    lexers.set(key, lexer);
  }
  try {
    const tokens = lexer.lexer(source);
    // An array's own properties do not survive the copy to the main thread: links go beside it.
    parentPort.postMessage({ id, tokens: [...tokens], links: tokens.links });
  } catch {
    // Nesting past the lexer's recursion, or tokens too deep to copy: the caller shows plain text.
    parentPort.postMessage({ id, failed: true });
  }
});

parentPort.postMessage({ ready: true });
