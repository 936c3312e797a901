import type { IncomingMessage } from "node:http";
import type express from "express";
import type { ZodType, z } from "zod";
import type { Viewer } from "~/lib/profile";
import type { SignedIn } from "../auth/viewer.server";
import type { Application } from "../boot.server";
import { AppError } from "../core/errors.server";

// What every API handler shares: who is asking (read once per request), the guards that hand
// the handler its viewer, request input checked by the shared zod schemas, and typed answers.

/**
 * The signed-in person of a request, read once per request from its Cookie header, all that a
 * session needs (no copy of every header on every request).
 */
export function signedInOf(app: Application, req: IncomingMessage): Promise<SignedIn | null> {
  const cached = (req as { signedIn?: Promise<SignedIn | null> }).signedIn;
  if (cached) return cached;
  const { cookie } = req.headers;
  const reading = app.readSignedIn(new Headers(cookie ? { cookie } : undefined));
  (req as { signedIn?: Promise<SignedIn | null> }).signedIn = reading;
  return reading;
}

async function requireSignedIn(app: Application, req: IncomingMessage): Promise<SignedIn> {
  const signedIn = await signedInOf(app, req);
  if (!signedIn) throw new AppError("UNAUTHORIZED", "Sign in first.");
  return signedIn;
}

type GuardedHandler<P> = (
  req: express.Request<P>,
  res: express.Response,
  viewer: Viewer,
) => Promise<void> | void;

/** A handler for signed-in people only (401 otherwise), run before its body is read. */
export function signedInOnly<P>(app: Application, handler: GuardedHandler<P>) {
  return async (req: express.Request<P>, res: express.Response) => {
    const { viewer } = await requireSignedIn(app, req);
    await handler(req, res, viewer);
  };
}

/**
 * A handler for admins only, enforced here whatever the client does: 401 signed out, 403
 * without the admin role (read from the database on every request), before any body is read.
 */
export function adminOnly<P>(app: Application, handler: GuardedHandler<P>) {
  return signedInOnly<P>(app, async (req, res, viewer) => {
    if (!viewer.isAdmin) throw new AppError("FORBIDDEN", "This needs the admin role.");
    await handler(req, res, viewer);
  });
}

/** Request input through its shared schema (app/lib), else 400 naming each field. */
export function inputOf<S extends ZodType>(
  schema: S,
  value: unknown,
  message?: string,
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw AppError.fromZod(parsed.error, message);
  return parsed.data;
}

/** The query parameters of a request (Express's own `req.query` flattens repeated keys). */
export function searchParamsOf(req: { originalUrl: string }): URLSearchParams {
  return new URL(req.originalUrl, "http://localhost").searchParams;
}

/** Sends one answer of docs/api.md as its contract type (app/lib/api/contract.ts). */
export function sendJson<T>(res: express.Response, answer: T, status = 200): void {
  res.status(status).json(answer);
}
