import { randomBytes } from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import { toNodeHandler } from "better-auth/node";
import { sql } from "drizzle-orm";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { deleteAccountSchema } from "~/lib/account-forms";
import { toolQuerySchema, queryFromSearchParams } from "~/lib/tool-query";
import { adminRoutes } from "./api/admin-routes.server";
import { AUTH_BASE_PATH, CLIENT_IP_HEADER } from "./auth/auth.server";
import { toolActionRoutes, isToolId } from "./api/likes-routes.server";
import { liveStream } from "./api/live-stream.server";
import { enforceRateLimit } from "./api/rate-limit.server";
import { requireSignedIn, signedInOf } from "./api/signed-in.server";
import type { Application } from "./boot.server";
import type { Env } from "./env.server";
import { compressedAssets } from "./compressed-assets.server";
import { AppError } from "./errors.server";
import type { Logger } from "./logger.server";

const YEAR_S = 365 * 24 * 3600;

interface HttpOptions {
  app: Application;
  env: Env;
  logger: Logger;
  /** Development: Vite serves the app with hot reload. Production: the built app. */
  vite?: ViteDevServer;
  buildDir?: string;
}

/** DESIGN.md 8: security headers; a CSP with a per-request nonce for the page's scripts. */
function securityHeaders(isProduction: boolean, isHttps: boolean): RequestHandler {
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
    if (isProduction && isHttps) {
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    if (isProduction) {
      res.setHeader(
        "Content-Security-Policy",
        [
          "default-src 'self'",
          `script-src 'self' 'nonce-${nonce}'`,
          "style-src 'self' 'unsafe-inline'",
          "img-src 'self' data: https:",
          "font-src 'self'",
          "connect-src 'self'",
          "frame-src 'self' https:",
          "frame-ancestors 'none'",
          "base-uri 'self'",
          "form-action 'self'",
          "object-src 'none'",
        ].join("; "),
      );
    }
    next();
  };
}

function apiRoutes(app: Application, logger: Logger): express.Router {
  const router = express.Router();
  router.get("/tools", (req, res) => {
    const url = new URL(req.originalUrl, "http://localhost");
    const parsed = toolQuerySchema.safeParse(queryFromSearchParams(url.searchParams));
    if (!parsed.success) throw AppError.fromZod(parsed.error, "The tool query is not valid.");
    res.json(app.services.findTools(parsed.data));
  });
  router.get("/tools/:id", async (req, res) => {
    const tool = isToolId(req.params.id) ? await app.services.getToolDetail(req.params.id) : null;
    if (!tool) throw new AppError("NOT_FOUND", "No tool has that id.");
    res.json({ tool });
  });
  router.use("/tools", toolActionRoutes(app));
  router.get("/live", liveStream(app));
  router.use("/account", accountRoutes(app));
  router.use("/admin", adminRoutes(app, logger));
  router.use(() => {
    throw new AppError("NOT_FOUND", "No such endpoint.");
  });
  return router;
}

/** /api/account: what a signed-in person does to their own account beyond Better Auth. */
function accountRoutes(app: Application): express.Router {
  const router = express.Router();
  router.post("/delete", express.json({ limit: "4kb" }), async (req, res) => {
    const { viewer } = await requireSignedIn(app, req);
    const parsed = deleteAccountSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw AppError.fromZod(parsed.error);
    // A stolen session must not be able to guess the password here.
    await enforceRateLimit(app, res, `delete-account:${viewer.id}`, DELETE_RATE);
    await app.services.deleteAccount(viewer.id, parsed.data);
    for (const name of SESSION_COOKIES) res.clearCookie(name, { path: "/" });
    res.status(204).end();
  });
  return router;
}

const DELETE_RATE = { window: 900, max: 5 };

const SESSION_COOKIES = [
  "better-auth.session_token",
  "__Secure-better-auth.session_token",
  "better-auth.session_data",
  "__Secure-better-auth.session_data",
];

/**
 * DESIGN.md 8: a state-changing request must come from our own pages. Browsers send Origin on
 * every cross-site POST; a request whose Origin is neither APP_URL nor the host it was sent to is
 * refused.
 */
function sameOriginWrites(appUrl: string): RequestHandler {
  const appOrigin = new URL(appUrl).origin;
  return (req, res, next) => {
    const origin = req.get("origin");
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS" || !origin) {
      next();
      return;
    }
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    if (origin === appOrigin || origin === ownOrigin) {
      next();
      return;
    }
    const error = new AppError("FORBIDDEN", "This request did not come from this site.");
    res.status(error.status).json(error.toJSON());
  };
}

function apiErrors(logger: Logger): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    if (error instanceof AppError) {
      res.status(error.status).json(error.toJSON());
      return;
    }
    const status = clientErrorStatus(error);
    if (status === 413) {
      res.status(413).json({ error: { code: "TOO_LARGE", message: "The file is too large." } });
      return;
    }
    if (status) {
      res.status(status).json(new AppError("INVALID", "The request is not valid.").toJSON());
      return;
    }
    logger.error({ err: error }, "request failed");
    res
      .status(500)
      .json({ error: { code: "INTERNAL", message: "Something went wrong on our side." } });
  };
}

/** Express reports malformed requests (such as bad URL encoding) with a 4xx status. */
function clientErrorStatus(error: unknown): number | null {
  const status = (error as { status?: unknown }).status;
  return typeof status === "number" && status >= 400 && status < 500 ? status : null;
}

/** A plain page for requests that fail before React renders (a malformed URL, say). */
function pageErrors(logger: Logger): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    const status = clientErrorStatus(error);
    if (!status) logger.error({ err: error }, "page request failed");
    const title = status ? "That address is not valid" : "Something went wrong";
    res
      .status(status ?? 500)
      .type("html")
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
          `<meta name="viewport" content="width=device-width, initial-scale=1">` +
          `<title>${title} | Business AI Tools Directory</title></head>` +
          `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;text-align:center">` +
          `<h1>${title}</h1><p>Check the address, or start again from the home page.</p>` +
          `<p><a href="/">Go to the home page</a> · <a href="/ai-tools">Browse AI tools</a></p></body></html>`,
      );
  };
}

export async function createHttpApp({ app, env, logger, vite, buildDir }: HttpOptions) {
  const isProduction = !vite;
  const server = express();
  server.disable("x-powered-by");
  // Which proxies may name the client in X-Forwarded-For (rate limits key on the client's address).
  server.set("trust proxy", env.TRUST_PROXY);
  // Pages compress their own HTML stream (app/html-compression.server.ts).
  server.use(
    compression({
      // Pages compress their own stream; an event stream must never wait in a compressor.
      filter: (req, res) =>
        !/^(text\/(html|event-stream)|application\/x-ndjson)/.test(
          String(res.getHeader("Content-Type") ?? ""),
        ) && compression.filter(req, res),
    }),
  );
  server.use(securityHeaders(env.NODE_ENV === "production", env.APP_URL.startsWith("https:")));
  server.use(sameOriginWrites(env.APP_URL));

  server.get("/healthz", async (_req, res) => {
    const databaseOk = await app.database.db
      .execute(sql`select 1`)
      .then(() => true)
      .catch(() => false);
    res.status(databaseOk ? 200 : 503).json({
      ok: databaseOk,
      database: app.database.kind,
      images: app.isBackgroundWorkDone() ? "ready" : "generating",
    });
  });

  server.use(
    "/media",
    express.static(app.mediaDir, { immutable: true, maxAge: YEAR_S * 1000, index: false }),
    (_req, res) => {
      res.status(404).type("text/plain").send("Not found");
    },
  );
  // Better Auth reads the client address for its rate limits from a header we set from the socket
  // (or a trusted proxy's X-Forwarded-For); whatever a client sends in that header is replaced.
  const authHandler = toNodeHandler(app.auth);
  server.all(`${AUTH_BASE_PATH}/{*path}`, (req, res) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "";
    void authHandler(req, res);
  });
  server.use("/api", apiRoutes(app, logger), apiErrors(logger));

  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (vite) {
    server.use(vite.middlewares);
    build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    const root = buildDir ?? path.resolve("build");
    const assets = path.join(root, "client/assets");
    server.use("/assets", compressedAssets(assets, YEAR_S));
    server.use("/assets", express.static(assets, { immutable: true, maxAge: YEAR_S * 1000 }));
    server.use(express.static(path.join(root, "client"), { maxAge: "1h", index: false }));
    build = (await import(path.join(root, "server/index.js"))) as ServerBuild;
  }

  server.all(
    "/{*path}",
    createRequestHandler({
      build,
      mode: isProduction ? "production" : "development",
      getLoadContext: (req, res) => ({
        services: app.services,
        cspNonce: res.locals.cspNonce as string,
        appUrl: env.APP_URL,
        signedIn: () => signedInOf(app, req),
        isGoogleSignInEnabled: Boolean(env.GOOGLE_CLIENT_ID),
        clientAddress: req.ip ?? "",
      }),
    }),
  );
  server.use(pageErrors(logger));
  return server;
}
