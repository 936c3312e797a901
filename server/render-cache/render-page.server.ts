import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { renderedPageOf, type RenderedPage } from "./rendered-page.server";

interface PageRendererOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  appOrigin: string;
  /** A signed-out visitor's load context, with no CSP nonce (app/load-context.ts). */
  sharedContext: () => AppLoadContext;
  /** GA_MEASUREMENT_ID is set: the pages' CSP allows Google Analytics. */
  allowGoogleAnalytics: boolean;
}

/**
 * Renders a page as every signed-out visitor sees it: a GET of the canonical path with no
 * cookie and no Accept-Encoding (compressed once afterwards). Its signal is no one client's, since
 * others may be waiting for the same render: it aborts once none of them is still there.
 */
export function pageRenderer({
  build,
  mode,
  appOrigin,
  sharedContext,
  allowGoogleAnalytics,
}: PageRendererOptions): (path: string, signal: AbortSignal) => Promise<RenderedPage> {
  const handle = createRequestHandler(build, mode);
  return async (path, signal) => {
    const request = new Request(`${appOrigin}${path}`, {
      headers: { accept: "text/html" },
      signal,
    });
    return renderedPageOf(await handle(request, sharedContext()), allowGoogleAnalytics);
  };
}
