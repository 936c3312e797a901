import express from "express";
import type { NewsletterUnsubscribed } from "~/lib/api/contract";
import { newsletterTokenSchema } from "~/lib/newsletter-schemas";
import { utcDayOf } from "~/lib/utc-days";
import type { Application } from "../boot.server";
import { AppError } from "../core/errors.server";
import { adminOnly, inputOf, searchParamsOf, sendJson } from "./guards.server";

function tokenOf(req: express.Request): string {
  return inputOf(
    newsletterTokenSchema,
    searchParamsOf(req).get("token") ?? "",
    "This link is not valid.",
  );
}

/**
 * /api/newsletter. RFC 8058 one-click unsubscribe: the mail provider POSTs the List-Unsubscribe
 * URL with the body "List-Unsubscribe=One-Click" (or none), without cookies or Origin; the token in
 * the URL is all it takes, and the body says nothing more, so it is not read.
 */
export function newsletterRoutes(app: Application): express.Router {
  const router = express.Router();
  router.post("/unsubscribe", async (req, res) => {
    const token = tokenOf(req);
    if (!(await app.services.unsubscribeFromNewsletter(token))) {
      throw new AppError("NOT_FOUND", "This unsubscribe link is not known.");
    }
    sendJson<NewsletterUnsubscribed>(res, { unsubscribed: true });
  });
  // A person who opens the header's URL in a browser gets the page with the button.
  router.get("/unsubscribe", (req, res) => {
    res.redirect(303, `/newsletter/unsubscribe?token=${tokenOf(req)}`);
  });
  return router;
}

/** /api/admin/newsletter: the confirmed subscribers as CSV. */
export function adminNewsletterRoutes(app: Application): express.Router {
  const router = express.Router();
  router.get(
    "/newsletter/subscribers.csv",
    adminOnly(app, async (_req, res) => {
      const csv = await app.services.exportNewsletterSubscribers();
      const day = utcDayOf(new Date());
      res
        .type("text/csv; charset=utf-8")
        .attachment(`newsletter-subscribers-${day}.csv`)
        .set("Cache-Control", "no-store")
        .send(csv);
    }),
  );
  return router;
}
