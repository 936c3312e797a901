import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
} from "react-router";
import { NonceProvider } from "./components/nonce";
import { htmlCompressor } from "../server/http/html-compression.server";

export const streamTimeout = 5_000;

/**
 * A client's mistake (a POST to a page without an action, an unknown route) answers
 * 4xx without a stack trace in the log, so hostile traffic cannot flood it; a request the client
 * abandoned is not an error either. Everything else is logged, and a bug (not a route's own error
 * response) is reported as an app_exception of the server.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
  if (!isRouteErrorResponse(error)) {
    context.services.recordServerError(error, new URL(request.url).pathname);
  }
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const isSharedRender = loadContext.cspNonce === null;
  const nonce = loadContext.cspNonce ?? undefined;
  const userAgent = request.headers.get("user-agent");
  // Crawlers and the render cache get the whole document at once; people get the shell as soon
  // as it is ready.
  const readyOption: keyof RenderToPipeableStreamOptions =
    isSharedRender || (userAgent && isbot(userAgent)) || routerContext.isSpaMode
      ? "onAllReady"
      : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let isShellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          isShellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeout);
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.append("Vary", "Accept-Encoding");
          const compressor = htmlCompressor(request.headers.get("accept-encoding"));
          if (compressor) {
            responseHeaders.set("Content-Encoding", compressor.encoding);
            compressor.stream.pipe(body);
            pipe(compressor.stream);
          } else {
            pipe(body);
          }
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          if (isShellRendered) console.error(error);
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
