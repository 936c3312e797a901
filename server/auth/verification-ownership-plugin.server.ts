import type { BetterAuthPlugin, GenericEndpointContext } from "better-auth";
import {
  APIError,
  createAuthEndpoint,
  createAuthMiddleware,
  getSessionFromCtx,
} from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";
import type { Database } from "../db/client.server";
import {
  confirmOwnership,
  findUnconfirmedAccount,
  readConfirmationToken,
} from "./email-confirmation.server";
import { PASSWORD_LENGTH } from "./password.server";
import { findPasswordWeakness } from "./password-strength.server";
import { findPendingSignUp, PENDING_COOKIE } from "./pending-sign-up.server";

/** The page a verification link opened outside the browser that signed up is sent to. */
const CONFIRM_PAGE = "/verify-email";

const INVALID_SIGN_IN = { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" };
const CONFIRM_FIRST = {
  code: "EMAIL_NOT_VERIFIED",
  message: "Confirm your email first: open the link we sent to that address.",
};
const LINK_NOT_VALID = {
  code: "INVALID_TOKEN",
  message: "This verification link has expired or was already used.",
};

const signInBody = z.object({
  email: z.email(),
  password: z.string().min(1).max(PASSWORD_LENGTH.max),
});
const confirmBody = z.object({
  token: z.string().min(1).max(4096),
  password: z.string().max(PASSWORD_LENGTH.max).optional(),
});

/**
 * Decision 022 as a Better Auth plugin:
 * - an unverified account cannot be signed in to: its answer is a wrong password's (or, in the
 *   browser that holds a pending sign-up for the address, "confirm your email first" whatever the
 *   account), so signing up and then in tells nobody whether the address was free;
 * - Better Auth's own link (a GET) verifies only in the browser that signed up, or one already
 *   signed in to that account; any other browser is sent to the confirmation page, which changes
 *   nothing until its form is sent;
 * - POST /confirm-email verifies from that page: outside the browser that signed up, the person
 *   chooses the password, which replaces the one the account was started with. Every earlier
 *   session ends.
 */
export function verificationOwnershipPlugin({ db }: { db: Database }) {
  /** The pending sign-up this browser holds (decision 010), if any. */
  const pendingOf = (ctx: GenericEndpointContext) =>
    findPendingSignUp(db, ctx.getCookie(ctx.context.createAuthCookie(PENDING_COOKIE).name));

  return {
    id: "verification-ownership",
    rateLimit: [{ pathMatcher: (path) => path === "/confirm-email", window: 900, max: 10 }],
    endpoints: {
      confirmEmail: createAuthEndpoint(
        "/confirm-email",
        { method: "POST", body: confirmBody },
        async (ctx) => {
          const claim = readConfirmationToken(ctx.context.secret, ctx.body.token);
          const account = claim && (await findUnconfirmedAccount(db, claim));
          if (!account) throw new APIError("BAD_REQUEST", LINK_NOT_VALID);
          const pending = await pendingOf(ctx);
          const session = await getSessionFromCtx(ctx);
          // The browser that signed up, or one signed in to this account, typed the password.
          const keepsPassword = pending?.userId === account.id || session?.user.id === account.id;
          let passwordHash: string | null = null;
          if (!keepsPassword) {
            const password = ctx.body.password ?? "";
            if (password.length < PASSWORD_LENGTH.min) {
              throw new APIError("BAD_REQUEST", {
                code: "PASSWORD_TOO_SHORT",
                message: `Use at least ${PASSWORD_LENGTH.min} characters.`,
              });
            }
            const weakness = findPasswordWeakness(password, [account.email, account.name]);
            if (weakness) {
              throw new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_WEAK", message: weakness });
            }
            passwordHash = await ctx.context.password.hash(password);
          }
          await confirmOwnership(db, account.id, passwordHash);
          const user = await ctx.context.internalAdapter.findUserById(account.id);
          const newSession = user && (await ctx.context.internalAdapter.createSession(account.id));
          if (!user || !newSession) throw new APIError("BAD_REQUEST", LINK_NOT_VALID);
          await setSessionCookie(ctx, { session: newSession, user });
          return ctx.json({ status: true, passwordReplaced: !keepsPassword });
        },
      ),
    },
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/sign-in/email",
          handler: createAuthMiddleware(async (ctx) => {
            const signIn = signInBody.safeParse(ctx.body);
            if (!signIn.success) return;
            const email = signIn.data.email.toLowerCase();
            const found = await ctx.context.internalAdapter.findUserByEmail(email, {
              includeAccounts: true,
            });
            const pending = await pendingOf(ctx);
            const waitsHere = pending?.email.toLowerCase() === email;
            if (!waitsHere && (!found || found.user.emailVerified)) return;
            // The same work as a wrong password (one hash), whichever way this goes.
            const stored = found?.accounts.find(
              (account) => account.providerId === "credential",
            )?.password;
            let matches = false;
            if (stored) {
              matches = await ctx.context.password.verify({
                hash: stored,
                password: signIn.data.password,
              });
            } else await ctx.context.password.hash(signIn.data.password);
            if (found?.user.emailVerified && matches) return;
            if (waitsHere) throw new APIError("FORBIDDEN", CONFIRM_FIRST);
            throw new APIError("UNAUTHORIZED", INVALID_SIGN_IN);
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/verify-email",
          handler: createAuthMiddleware(async (ctx) => {
            const token = typeof ctx.query?.token === "string" ? ctx.query.token : "";
            const claim = readConfirmationToken(ctx.context.secret, token);
            // A broken link gets Better Auth's own answer (back to the page with ?error=).
            if (!claim) return;
            const session = await getSessionFromCtx(ctx);
            if (session?.user.email === claim.email) return;
            const pending = session ? null : await pendingOf(ctx);
            if (pending && pending.email.toLowerCase() === claim.email && pending.userId) return;
            throw ctx.redirect(`${CONFIRM_PAGE}?token=${encodeURIComponent(token)}`);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
