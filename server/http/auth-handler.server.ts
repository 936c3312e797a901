import type express from "express";
import { CLIENT_IP_HEADER, type Auth } from "../auth/auth.server";
import { BODY_LIMITS, mayHaveBody, parseJsonBody, readRequestBody } from "./request-body.server";
import { sendWebResponse, toWebRequest } from "./web-request.server";

/**
 * /api/auth/*: Better Auth, behind the same guards as every other route. The body is read here
 * within its cap (a JSON one checked for depth and encoding first), the URL comes from APP_URL,
 * and any failure goes to the one error handler instead of escaping as a rejection.
 */
export function authHandler(auth: Auth, appOrigin: string): express.RequestHandler {
  return async (req, res) => {
    // Better Auth reads the client address for its rate limits from this header, which we fill
    // from the socket (or a trusted proxy's X-Forwarded-For): whatever a client sent is replaced.
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "";
    const body = mayHaveBody(req.method) ? await readRequestBody(req, BODY_LIMITS.auth) : undefined;
    if (body && body.length > 0 && req.is("application/json")) parseJsonBody(body);
    const response = await auth.handler(toWebRequest(req, res, appOrigin, body));
    // Better Auth names the wait X-Retry-After; clients and proxies know the standard header.
    const retryAfter = response.headers.get("x-retry-after");
    if (response.status === 429 && retryAfter) res.setHeader("Retry-After", retryAfter);
    await sendWebResponse(res, response);
  };
}
