// The Markdown lexer's own thread (decision 024, server/core/timed-worker.server.ts). marked's lexer
// can take time that grows with the square of a paragraph (`*a_` repeated); here it holds only
// this thread, which the main thread ends past its time limit. Plain JavaScript, as it needs
// nothing but marked. Input { source, options }, output { tokens, links }.
import { parentPort } from "node:worker_threads";
import { Marked } from "marked";

/** One lexer per set of options, keyed by their JSON. */
const lexers = new Map();

parentPort.on("message", ({ id, input }) => {
  const key = JSON.stringify(input.options);
  let lexer = lexers.get(key);
  if (!lexer) {
    lexer = new Marked(input.options);
    lexers.set(key, lexer);
  }
  try {
    const tokens = lexer.lexer(input.source);
    // An array's own properties do not survive the copy to the main thread: links go beside it.
    parentPort.postMessage({ id, output: { tokens: [...tokens], links: tokens.links } });
  } catch {
    // Nesting past the lexer's recursion, or tokens too deep to copy: the caller shows plain text.
    parentPort.postMessage({ id, failed: true });
  }
});

// A first lex compiles marked's expressions; done before ready, it never counts against a limit.
new Marked({ gfm: true }).lexer(
  "# a\n\n**b** _c_ `d` [e](https://e.example)\n\n- f\n\n> g\n\n|h|\n|-|\n|i|",
);
parentPort.postMessage({ ready: true });
