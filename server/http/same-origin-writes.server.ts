import type { RequestHandler } from "express";
import { AppError } from "../core/errors.server";

/**
 * DESIGN.md 8: a state-changing request must come from our own pages. Browsers send Origin on
 * every cross-site POST; a request whose Origin is neither APP_URL nor the host it was sent to (on
 * APP_URL's scheme: the scheme never comes from a header) is refused.
 *
 * One exception: RFC 8058's one-click unsubscribe, which a mail client may POST with its own
 * Origin (or "null"). It reads no cookie and changes only what its token names, so another
 * site's page gains nothing by sending it.
 */
const ONE_CLICK_UNSUBSCRIBE_PATH = "/api/newsletter/unsubscribe";

export function sameOriginWrites(appUrl: string): RequestHandler {
  const { origin: appOrigin, protocol } = new URL(appUrl);
  return (req, _res, next) => {
    const origin = req.get("origin");
    if (
      req.method === "GET" ||
      req.method === "HEAD" ||
      req.method === "OPTIONS" ||
      !origin ||
      (req.method === "POST" && req.path === ONE_CLICK_UNSUBSCRIBE_PATH)
    ) {
      next();
      return;
    }
    if (origin === appOrigin || origin === `${protocol}//${req.get("host")}`) {
      next();
      return;
    }
    throw new AppError("FORBIDDEN", "This request did not come from this site.");
  };
}
