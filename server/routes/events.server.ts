import { createHash, timingSafeEqual } from "node:crypto";
import express from "express";
import { ANALYTICS_KEY_HEADER, MAX_EVENT_BATCH_BYTES } from "~/lib/analytics";
import { eventBatchSchema } from "~/lib/analytics-schemas";
import type { AnalyticsConfigAnswer } from "~/lib/api/contract";
import type { Application } from "../boot.server";
import { AppError } from "../core/errors.server";
import { readJsonBody } from "../http/request-body.server";
import type { RateRule } from "../rate-limit/consume-rate-limit.server";
import { inputOf, sendJson, signedInOf } from "./guards.server";
import { refuseWhenLimited } from "../http/enforce-rate-limit.server";

/**
 * DESIGN.md 8: batches per client address a minute, counted under a daily hash of the address
 * (docs/analytics.md). A visitor sends about one batch per page, and one address may be a whole
 * office or school behind one NAT: 30 a minute lost most of such a place's page views.
 */
export const EVENTS_RATE: RateRule = { window: 60, max: 300 };

/** /api/events: the browser's analytics (docs/analytics.md). */
export function eventRoutes(app: Application): express.Router {
  const router = express.Router();
  router.post("/", async (req, res) => {
    refuseWhenLimited(
      res,
      EVENTS_RATE,
      await app.services.limitEventClient(req.ip ?? "", "events", EVENTS_RATE),
    );
    // navigator.sendBeacon with a string body sends text/plain;charset=UTF-8.
    const body = await readJsonBody(req, MAX_EVENT_BATCH_BYTES, ["application/json", "text/plain"]);
    const batch = inputOf(eventBatchSchema, body, "The events are not valid.");
    const hasGpc = req.get("sec-gpc")?.trim() === "1";
    // The session is read only when it may be stored: with consent and without GPC.
    const signedIn = batch.consent === "granted" && !hasGpc ? await signedInOf(app, req) : null;
    await app.services.recordEvents(batch, {
      address: req.ip ?? "",
      userAgent: req.get("user-agent") ?? null,
      hasGpc,
      user: signedIn
        ? { id: signedIn.viewer.id, emailVerified: signedIn.viewer.emailVerified }
        : null,
    });
    res.status(204).end();
  });
  router.get("/config", (req, res) => {
    if (!isSameKey(req.get(ANALYTICS_KEY_HEADER), app.services.getAnalyticsClientSettings().key)) {
      throw new AppError("UNAUTHORIZED", `Send the analytics key in ${ANALYTICS_KEY_HEADER}.`);
    }
    res.setHeader("Cache-Control", "no-store");
    sendJson<AnalyticsConfigAnswer>(res, app.services.getAnalyticsConfig());
  });
  return router;
}

/** Compared in constant time: hashing first makes both sides the same length. */
function isSameKey(given: string | undefined, key: string): boolean {
  if (given === undefined) return false;
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(key));
}
