// The page reader's own thread (decision 024, server/core/timed-worker.server.ts): reading a fetched
// page holds only this thread, which the main thread ends past its time limit. The reader is
// TypeScript, loaded through tsx as the server is. Input a FetchedPage, output a PageReading.
import { parentPort } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { readFetchedPage } = await import("./read-fetched-page.server.ts");

parentPort.on("message", ({ id, input }) => {
  try {
    // The body arrives as a Uint8Array: the reader decodes it as the Buffer it was.
    const body = Buffer.from(input.body.buffer, input.body.byteOffset, input.body.byteLength);
    parentPort.postMessage({ id, output: readFetchedPage({ ...input, body }) });
  } catch {
    parentPort.postMessage({ id, failed: true });
  }
});

parentPort.postMessage({ ready: true });
