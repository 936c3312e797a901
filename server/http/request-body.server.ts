import type { IncomingMessage } from "node:http";
import type express from "express";
import { MAX_EVENT_BATCH_BYTES } from "~/lib/analytics";
import { MAX_IMPORT_BYTES } from "~/lib/catalogue-import";
import { MAX_COMMENT_UPLOAD_BYTES, MAX_MAPPING_BYTES } from "~/lib/comment-import";
import { AppError } from "../core/errors.server";
import { jsonBoundsProblem, type JsonBounds } from "../core/json-bounds.server";
import { MAX_IMAGE_BYTES } from "../media/tool-images.server";

/**
 * Every request body has a cap that holds before any handler reads it. Small for JSON
 * and forms; the documented larger caps (docs/api.md) only for the admin's uploads and imports,
 * whose routes check the role before they read a byte.
 */
export const BODY_LIMITS = {
  /** Sign-in, sign-up and the other Better Auth calls: a few short fields. */
  auth: 16 * 1024,
  /** Page actions (forms) and our own JSON API. */
  standard: 64 * 1024,
  /** Admin JSON: a whole tool with its long description, bulk id lists. */
  admin: 512 * 1024,
  /** POST /api/admin/images (docs/api.md: at most 8 MB). */
  adminImage: MAX_IMAGE_BYTES,
  /** POST /api/admin/import (docs/api.md: at most 20 MB). */
  adminImport: MAX_IMPORT_BYTES,
  /** POST /api/admin/comment-import: streamed to a temporary file, never held (docs/api.md). */
  adminCommentImport: MAX_COMMENT_UPLOAD_BYTES + MAX_MAPPING_BYTES,
} as const;

/**
 * JSON bodies past these are refused before they are parsed: no form of ours nests past a few
 * levels or holds more than a few thousand values (a bulk action names at most 500 tools). With
 * the byte caps above, reading any JSON body stays a matter of milliseconds.
 */
export const JSON_BODY_BOUNDS: JsonBounds = { maxDepth: 32, maxValues: 20_000 };

/** The cap for a request's body, by where it goes. */
export function bodyLimitOf(path: string): number {
  if (path === "/api/admin/images") return BODY_LIMITS.adminImage;
  if (path === "/api/admin/import") return BODY_LIMITS.adminImport;
  if (path === "/api/admin/comment-import") return BODY_LIMITS.adminCommentImport;
  if (path.startsWith("/api/admin/")) return BODY_LIMITS.admin;
  if (path === "/api/events") return MAX_EVENT_BATCH_BYTES;
  if (path.startsWith("/api/auth/")) return BODY_LIMITS.auth;
  return BODY_LIMITS.standard;
}

export function tooLargeError(limit: number): AppError {
  const size = limit >= 1024 * 1024 ? `${limit / (1024 * 1024)} MB` : `${limit / 1024} KB`;
  return new AppError("TOO_LARGE", `The request body is too large (at most ${size}).`);
}

/**
 * Reads a body into memory, never past `limit` bytes: a larger one ends in 413 as soon as it
 * crosses the cap (the rest is left unread, and the answer closes the connection), and a body
 * that breaks off before its end in 400.
 */
export function readRequestBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > limit)
    return Promise.reject(tooLargeError(limit));
  // A client that left before we started reading has already fired its "close".
  if (req.destroyed || req.readableAborted) {
    return Promise.reject(new AppError("INVALID", "The request body could not be read."));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (error: AppError | null) => {
      req.off("data", onData).off("end", onEnd).off("error", onFailure).off("close", onFailure);
      if (error) {
        req.pause();
        reject(error);
      }
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) stop(tooLargeError(limit));
      else chunks.push(chunk);
    };
    const onEnd = () => {
      stop(null);
      resolve(Buffer.concat(chunks));
    };
    const onFailure = () => stop(new AppError("INVALID", "The request body could not be read."));
    req.on("data", onData).on("end", onEnd).on("error", onFailure).on("close", onFailure);
  });
}

/** Whether a request of this method may carry a body we read (GET and HEAD never do). */
export function mayHaveBody(method: string): boolean {
  return method !== "GET" && method !== "HEAD";
}

/** Parses a JSON body that is valid UTF-8 and within JSON_BODY_BOUNDS, else 400 naming the bound. */
export function parseJsonBody(body: Buffer): unknown {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    throw new AppError("INVALID", "The request body is not valid UTF-8.");
  }
  const problem = jsonBoundsProblem(text, JSON_BODY_BOUNDS);
  if (problem) throw new AppError("INVALID", `The JSON body ${problem}.`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("INVALID", "The request body is not valid JSON.");
  }
}

/**
 * Our JSON API's body: application/json (or the other `types` a route allows; 415 otherwise),
 * within `limit` bytes, valid UTF-8, bounded depth. An empty body reads as `{}`.
 */
export async function readJsonBody<P>(
  req: express.Request<P>,
  limit: number = BODY_LIMITS.standard,
  types: readonly string[] = ["application/json"],
): Promise<unknown> {
  const body = await readRequestBody(req, limit);
  if (body.length === 0) return {};
  if (!req.is([...types])) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `Send the request body as ${types.join(" or ")}.`);
  }
  return parseJsonBody(body);
}
