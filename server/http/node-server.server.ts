import { createServer, type RequestListener, type Server } from "node:http";
import type { Logger } from "../core/logger.server";

/** Bounded requests. Headers within 16 KB, and a client that trickles them is cut off. */
const HEADER_BYTES_MAX = 16 * 1024;
const HEADERS_TIMEOUT_MS = 20_000;
/** Long enough for a 20 MB import on a slow line; live streams are long-lived responses, not requests. */
const REQUEST_TIMEOUT_MS = 5 * 60_000;

const CONNECT_REFUSED =
  "HTTP/1.1 405 Method Not Allowed\r\nConnection: close\r\nContent-Length: 0\r\n\r\n";

/** The Node HTTP server in front of the app, with the limits no handler can set itself. */
export function createNodeServer(app: RequestListener): Server {
  const server = createServer(
    {
      maxHeaderSize: HEADER_BYTES_MAX,
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
    },
    app,
  );
  // CONNECT (a proxy tunnel) names no page of ours; Node would leave its socket unanswered. Node
  // hands the socket over without its error listener, so a client's reset must be caught here.
  server.on("connect", (_req, socket) => {
    socket.on("error", () => socket.destroy());
    socket.end(CONNECT_REFUSED, () => socket.destroy());
  });
  return server;
}

/**
 * Nothing a client sends may end the process. Request errors are answered by the one
 * error handler; a rejection that still escapes is logged with its stack instead of ending it.
 */
export function logUnhandledRejection(logger: Logger): (reason: unknown) => void {
  return (reason) => logger.error({ err: reason }, "unhandled rejection");
}
