import express from "express";
import { deleteAccountSchema } from "~/lib/account-forms";
import type { Application } from "../boot.server";
import { AppError } from "../core/errors.server";
import { readJsonBody } from "../http/request-body.server";
import { passwordCheckRefusal } from "../rate-limit/password-check-limit.server";
import { inputOf, signedInOnly } from "./guards.server";
import { enforceRateLimit } from "../http/enforce-rate-limit.server";

const DELETE_RATE = { window: 900, max: 5 };

const SESSION_COOKIES = [
  "better-auth.session_token",
  "__Secure-better-auth.session_token",
  "better-auth.session_data",
  "__Secure-better-auth.session_data",
];

/** /api/account: what a signed-in person does to their own account beyond Better Auth. */
export function accountRoutes(app: Application): express.Router {
  const router = express.Router();
  router.post(
    "/delete",
    signedInOnly(app, async (req, res, viewer) => {
      const confirmation = inputOf(deleteAccountSchema, await readJsonBody(req));
      // A stolen session must not be able to guess the password here.
      await enforceRateLimit(app, res, `delete-account:${viewer.id}`, DELETE_RATE);
      // The same budget as every other check of this account's password.
      const check = await app.services.consumePasswordCheck(viewer.id, req.ip ?? "");
      if (!check.allowed) {
        res.setHeader("Retry-After", String(check.retryAfter));
        throw new AppError("RATE_LIMITED", passwordCheckRefusal(check.retryAfter));
      }
      await app.services.deleteAccount(viewer.id, confirmation);
      for (const name of SESSION_COOKIES) res.clearCookie(name, { path: "/" });
      res.status(204).end();
    }),
  );
  return router;
}
