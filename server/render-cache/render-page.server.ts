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
 * cookie, no Accept-Encoding (compressed once afterwards) and no client signal, since others may
 * be waiting for the same render.
 */
export function pageRenderer({
  build,
  mode,
  appOrigin,
  sharedContext,
  allowGoogleAnalytics,
}: PageRendererOptions): (path: string) => Promise<RenderedPage> {
  const handle = createRequestHandler(build, mode);
  return async (path) => {
    const request = new Request(`${appOrigin}${path}`, { headers: { accept: "text/html" } });
    return renderedPageOf(await handle(request, sharedContext()), allowGoogleAnalytics);
  };
}
