import type { RequestHandler } from "express";
import type { Env } from "../core/env.server";
import type { Logger } from "../core/logger.server";

/**
 * Rate limits key on the client's address, which behind a proxy TRUST_PROXY does not
 * name is the proxy's own: every visitor would share one limit. Say so at start when APP_URL is
 * https (Node itself serves plain http, so something in front terminates TLS) and only loopback is
 * trusted, and once when a request arrives with an X-Forwarded-For nobody trusted.
 */
export function warnOfUntrustedProxy(
  env: Pick<Env, "APP_URL" | "TRUST_PROXY" | "NODE_ENV">,
  logger: Logger,
): RequestHandler {
  const advice = "if the site runs behind a proxy, name it in TRUST_PROXY (docs/security.md)";
  if (
    env.NODE_ENV === "production" &&
    env.APP_URL.startsWith("https:") &&
    env.TRUST_PROXY === "loopback"
  ) {
    logger.warn(`APP_URL is https but TRUST_PROXY trusts only loopback: ${advice}`);
  }
  let hasWarned = false;
  return (req, _res, next) => {
    if (!hasWarned && req.headers["x-forwarded-for"] && req.ip === req.socket.remoteAddress) {
      hasWarned = true;
      logger.warn(
        { from: req.socket.remoteAddress },
        `a request came through a proxy that TRUST_PROXY does not name; rate limits see the proxy's address: ${advice}`,
      );
    }
    next();
  };
}
