import { randomBytes } from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import { sql } from "drizzle-orm";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { toolQuerySchema, queryFromSearchParams } from "~/lib/tool-query";
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

/** Tool ids are short and plain; anything else cannot name a tool (and never reaches SQL). */
const isToolId = (id: string) => /^[\w-]{1,100}$/.test(id);

function apiRoutes(app: Application): express.Router {
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
  router.post("/tools/:id/views", async (req, res) => {
    const recorded = isToolId(req.params.id) && (await app.services.recordView(req.params.id));
    if (!recorded) throw new AppError("NOT_FOUND", "No tool has that id.");
    res.status(204).end();
  });
  router.use(() => {
    throw new AppError("NOT_FOUND", "No such endpoint.");
  });
  return router;
}

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
  server.set("trust proxy", "loopback");
  // Pages compress their own HTML stream (app/html-compression.server.ts).
  server.use(
    compression({
      filter: (req, res) =>
        !String(res.getHeader("Content-Type") ?? "").startsWith("text/html") &&
        compression.filter(req, res),
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
  server.use("/api", apiRoutes(app), apiErrors(logger));

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
      getLoadContext: (_req, res) => ({
        services: app.services,
        cspNonce: res.locals.cspNonce as string,
        appUrl: env.APP_URL,
      }),
    }),
  );
  server.use(pageErrors(logger));
  return server;
}
