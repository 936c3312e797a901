import type { RequestListener } from "node:http";
import { availableParallelism } from "node:os";
import path from "node:path";
import compression from "compression";
import express from "express";
import type { AppLoadContext, ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { LikedState } from "~/lib/api/contract";
import { healthCheck } from "./routes/health.server";
import { AUTH_BASE_PATH } from "./auth/auth.server";
import { signedInOf } from "./routes/guards.server";
import { apiRoutes } from "./routes/routes.server";
import type { Application } from "./boot.server";
import type { Env } from "./core/env.server";
import { compressedAssets } from "./http/compressed-assets.server";
import { OG_IMAGE_PATH } from "~/lib/og-image";
import { authHandler } from "./http/auth-handler.server";
import { discoveryRoutes } from "./routes/discovery-routes.server";
import { handleErrors } from "./http/error-handler.server";
import { cachedPageFastPath, pageCache, privatePages } from "./http/page-cache.server";
import { pageHandler } from "./http/page-handler.server";
import { warnOfUntrustedProxy } from "./http/proxy-warning.server";
import { rejectMalformedRequests } from "./http/request-guard.server";
import { sameOriginWrites } from "./http/same-origin-writes.server";
import { securityHeaders, staticSecurityHeaders } from "./http/security-headers.server";
import type { Logger } from "./core/logger.server";
import { demoImagesOnDemand } from "./media/demo-images.server";
import { ogImageRoutes } from "./routes/og-image-routes.server";
import { RenderBudget, renderBudgetOf } from "./render-cache/render-budget.server";
import { RenderCache } from "./render-cache/render-cache.server";
import { pageRenderer } from "./render-cache/render-page.server";

const YEAR_S = 365 * 24 * 3600;

interface HttpOptions {
  app: Application;
  env: Env;
  logger: Logger;
  /** Development: Vite serves the app with hot reload. Production: the built app. */
  vite?: ViteDevServer;
  buildDir?: string;
}

export async function createHttpApp({
  app,
  env,
  logger,
  vite,
  buildDir,
}: HttpOptions): Promise<RequestListener> {
  const isProduction = !vite;
  const mode = isProduction ? "production" : "development";
  const root = buildDir ?? path.resolve("build");
  const build: ServerBuild | (() => Promise<ServerBuild>) = vite
    ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : ((await import(path.join(root, "server/index.js"))) as ServerBuild);
  const appOrigin = new URL(env.APP_URL).origin;
  // What every signed-out visitor sees: rendered once for all of them by the render cache.
  const sharedContext = (): AppLoadContext => ({
    services: app.services,
    cspNonce: null,
    appUrl: env.APP_URL,
    signedIn: async () => null,
    likedState: async () => null,
    isGoogleSignInEnabled: Boolean(env.GOOGLE_CLIENT_ID),
    clientAddress: "",
  });
  const budget = new RenderBudget(renderBudgetOf(availableParallelism()));
  // Development renders every request: a cached page would hide an edit.
  const renderCache =
    isProduction && env.RENDER_CACHE_MB > 0
      ? new RenderCache({
          maxBytes: env.RENDER_CACHE_MB * 1024 * 1024,
          catalogue: app.snapshotKeeper,
          render: pageRenderer({
            build,
            mode,
            appOrigin,
            sharedContext,
            allowGoogleAnalytics: Boolean(env.GA_MEASUREMENT_ID),
          }),
          budget,
          logger,
        })
      : null;

  const server = express();
  server.disable("x-powered-by");
  // Which proxies may name the client in X-Forwarded-For (rate limits key on the client's address).
  server.set("trust proxy", env.TRUST_PROXY);
  const isHttps = env.APP_URL.startsWith("https:");
  const hasCsp = env.NODE_ENV === "production";
  server.use(securityHeaders(hasCsp, isHttps, Boolean(env.GA_MEASUREMENT_ID)));
  server.use(warnOfUntrustedProxy(env, logger));
  server.use(rejectMalformedRequests(env.APP_URL));
  server.use(sameOriginWrites(env.APP_URL));
  // Right after the guards: a page the cache renders now (or holds, when the fast path below did
  // not answer) is sent as stored, with no compressor wrapped around it and no look for a static
  // file of its name.
  const cacheOptions = renderCache && {
    cache: renderCache,
    catalogue: app.services,
    securityHeaders: staticSecurityHeaders(hasCsp, isHttps),
    hasCsp,
  };
  if (cacheOptions) server.use(pageCache(cacheOptions));
  server.use(
    compression({
      // Pages compress their own stream (server/http/html-compression.server.ts); an event stream must
      // never wait in a compressor.
      filter: (req, res) =>
        !/^(text\/(html|event-stream)|application\/x-ndjson)/.test(
          String(res.getHeader("Content-Type") ?? ""),
        ) && compression.filter(req, res),
    }),
  );

  server.get("/healthz", healthCheck(app));

  server.use(
    "/media",
    demoImagesOnDemand(app.demoImages),
    express.static(app.mediaDir, { immutable: true, maxAge: YEAR_S * 1000, index: false }),
    (_req, res) => {
      res.status(404).type("text/plain").send("Not found");
    },
  );
  server.all(`${AUTH_BASE_PATH}/{*path}`, authHandler(app.auth, appOrigin));
  server.use("/api", apiRoutes(app, logger));
  server.use(discoveryRoutes(app, env.APP_URL));
  server.use(OG_IMAGE_PATH, ogImageRoutes(app));

  if (vite) {
    server.use(vite.middlewares);
  } else {
    const assets = path.join(root, "client/assets");
    server.use("/assets", compressedAssets(assets, YEAR_S));
    server.use("/assets", express.static(assets, { immutable: true, maxAge: YEAR_S * 1000 }));
    server.use(express.static(path.join(root, "client"), { maxAge: "1h", index: false }));
  }

  server.all(
    "/{*path}",
    privatePages,
    pageHandler({
      build,
      mode,
      appOrigin,
      loadContextOf: (req, res) => {
        const signedIn = () => signedInOf(app, req);
        // The root loader and /account's both need it: one read per request.
        let liked: Promise<LikedState | null> | undefined;
        const likedState = () =>
          (liked ??= signedIn().then((who) =>
            who ? app.services.getLikedState(who.viewer.id) : null,
          ));
        return {
          services: app.services,
          cspNonce: res.locals.cspNonce as string,
          appUrl: env.APP_URL,
          signedIn,
          likedState,
          isGoogleSignInEnabled: Boolean(env.GOOGLE_CLIENT_ID),
          clientAddress: req.ip ?? "",
        };
      },
      budget,
    }),
  );
  server.use(handleErrors(logger, app.services.recordServerError));
  if (!cacheOptions) return server;
  const answerFromCache = cachedPageFastPath({
    ...cacheOptions,
    appHost: new URL(env.APP_URL).host.toLowerCase(),
  });
  return (req, res) => {
    if (!answerFromCache(req, res)) server(req, res);
  };
}
