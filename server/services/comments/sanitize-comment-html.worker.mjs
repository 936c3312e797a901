// The comment sanitiser's own thread for long imported messages (decision 024,
// server/core/timed-worker.server.ts): sanitize-html is linear but slow, about 2 ms per 1,000
// characters, and an imported message may hold 100,000. Input the HTML, output the sanitised HTML.
import { parentPort } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { sanitizeCommentHtml } = await import("./comment-html.server.ts");

parentPort.on("message", ({ id, input }) => {
  try {
    parentPort.postMessage({ id, output: sanitizeCommentHtml(input) });
  } catch {
    parentPort.postMessage({ id, failed: true });
  }
});

parentPort.postMessage({ ready: true });
