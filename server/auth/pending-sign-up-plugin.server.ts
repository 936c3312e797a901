import type { BetterAuthPlugin } from "better-auth";
import {
  APIError,
  createAuthEndpoint,
  createAuthMiddleware,
  getSessionFromCtx,
  sendVerificationEmailFn,
} from "better-auth/api";
import { expireCookie } from "better-auth/cookies";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.server";
import { authUsers } from "../db/schema";
import {
  createPendingSignUp,
  endPendingSignUp,
  findPendingSignUp,
  PENDING_COOKIE,
  PENDING_SIGN_UP_TTL_S,
} from "./pending-sign-up.server";

/** Where a verification link sent from the waiting page leads back to. */
const VERIFY_PAGE = "/verify-email";

/** Better Auth's answer to an email sign-up, for a taken and a free address alike. */
const signUpAnswer = z.object({
  token: z.null(),
  user: z.object({ id: z.string(), email: z.string() }),
});

const NO_PENDING_SIGN_UP = "This sign-up has expired. Sign up again, or sign in.";

/**
 * Decision 010 as a Better Auth plugin: every successful email sign-up gets the same opaque
 * `pending_sign_up` cookie; the waiting page polls /pending-sign-up/status, which says when the
 * new account's address is verified (never for a sign-up with a taken address) but never signs
 * anyone in, and /pending-sign-up/resend mails the link again.
 */
export function pendingSignUpPlugin({
  db,
  beforeMail,
}: {
  db: Database;
  /** Throws when the address may not be mailed now (the per-recipient cap). */
  beforeMail: (email: string) => Promise<void>;
}) {
  return {
    id: "pending-sign-up",
    endpoints: {
      pendingSignUpStatus: createAuthEndpoint(
        "/pending-sign-up/status",
        { method: "POST", body: z.object({}) },
        async (ctx) => {
          const cookie = ctx.context.createAuthCookie(PENDING_COOKIE);
          const token = ctx.getCookie(cookie.name);
          // Verified by a link opened in this browser: it is signed in already.
          const session = await getSessionFromCtx(ctx);
          if (session) {
            if (session.user.emailVerified && token) {
              await endPendingSignUp(db, token);
              expireCookie(ctx, cookie);
            }
            return ctx.json({
              email: session.user.email,
              verified: session.user.emailVerified,
              signedIn: true,
            });
          }
          const pending = await findPendingSignUp(db, token);
          if (!pending || !token) {
            throw new APIError("UNAUTHORIZED", { message: NO_PENDING_SIGN_UP });
          }
          // Only the browser that opens the link is signed in: whoever signed up first with
          // someone else's address must not get a session when its owner verifies it.
          const verified = pending.userId !== null && pending.emailVerified;
          if (verified) {
            await endPendingSignUp(db, token);
            expireCookie(ctx, cookie);
          }
          return ctx.json({ email: pending.email, verified, signedIn: false });
        },
      ),
      resendPendingVerification: createAuthEndpoint(
        "/pending-sign-up/resend",
        { method: "POST", body: z.object({}) },
        async (ctx) => {
          const token = ctx.getCookie(ctx.context.createAuthCookie(PENDING_COOKIE).name);
          const pending = await findPendingSignUp(db, token);
          if (!pending) throw new APIError("UNAUTHORIZED", { message: NO_PENDING_SIGN_UP });
          await beforeMail(pending.email);
          // A taken address gets nothing more; the answer is the same.
          if (pending.userId && !pending.emailVerified) {
            const user = await ctx.context.internalAdapter.findUserById(pending.userId);
            if (user) {
              await sendVerificationEmailFn({ ...ctx, body: { callbackURL: VERIFY_PAGE } }, user);
            }
          }
          return ctx.json({ status: true });
        },
      ),
    },
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === "/sign-up/email",
          handler: createAuthMiddleware(async (ctx) => {
            const answer = signUpAnswer.safeParse(ctx.context.returned);
            if (!answer.success) return;
            const { id, email } = answer.data.user;
            // A taken address was answered with a made-up user id that names no row.
            const created = await db.query.authUsers.findFirst({
              columns: { id: true },
              where: eq(authUsers.id, id),
            });
            const token = await createPendingSignUp(db, { email, userId: created?.id ?? null });
            const cookie = ctx.context.createAuthCookie(PENDING_COOKIE, {
              maxAge: PENDING_SIGN_UP_TTL_S,
            });
            ctx.setCookie(cookie.name, token, cookie.attributes);
          }),
        },
        {
          // A browser that signs out must not be signed back in by a sign-up it left waiting.
          matcher: (ctx) => ctx.path === "/sign-out",
          handler: createAuthMiddleware(async (ctx) => {
            const cookie = ctx.context.createAuthCookie(PENDING_COOKIE);
            const token = ctx.getCookie(cookie.name);
            if (!token) return;
            await endPendingSignUp(db, token);
            expireCookie(ctx, cookie);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
