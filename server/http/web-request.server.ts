import { writeReadableStreamToWritable } from "@react-router/node";
import type express from "express";
import { mayHaveBody } from "./request-body.server";

/**
 * The Fetch API request a handler (Better Auth, React Router) sees. Its URL is APP_URL's
 * origin and the path the client asked for: never a Host or X-Forwarded-* header, which a client
 * can set to anything. Aborted when the client goes away.
 */
export function toWebRequest(
  req: express.Request,
  res: express.Response,
  appOrigin: string,
  body?: Buffer,
): Request {
  // Concatenated, not resolved: a path like "//elsewhere/x" must stay a path on our origin.
  const url = new URL(`${appOrigin}${req.originalUrl}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return new Request(url, {
    method: req.method,
    headers,
    body: body && mayHaveBody(req.method) ? new Uint8Array(body) : undefined,
    signal: clientGoneSignal(res),
  });
}

/** Aborts when the connection closes before the response was sent: the client has gone. */
export function clientGoneSignal(res: express.Response): AbortSignal {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** Sends a Fetch API response; a stream that fails midway rejects, for the error handler. */
export async function sendWebResponse(res: express.Response, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed) return;
    throw error;
  }
}
