import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { and, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { accountName } from "~/lib/account-forms";
import { firstProblem } from "~/lib/field-errors";
import type { Database } from "../db/client.server";
import {
  authAccounts,
  authRateLimits,
  authSessions,
  authUsers,
  authVerifications,
  userProfiles,
} from "../db/schema";
import type { Env } from "../core/env.server";
import type { Logger } from "../core/logger.server";
import type { Mailer } from "../mail/mailer.server";
import { existingAccountMail, passwordResetMail, verificationMail } from "../mail/templates.server";
import {
  consumePasswordCheck,
  passwordCheckRefusal,
} from "../rate-limit/password-check-limit.server";
import { consumeRecipientAllowance, type MailPurpose } from "../rate-limit/recipient-limit.server";
import { hashPassword, PASSWORD_LENGTH, verifyPassword } from "./password.server";
import { findPasswordWeakness } from "./password-strength.server";
import { pendingSignUpPlugin } from "./pending-sign-up-plugin.server";
import { publicNameOf } from "./public-name.server";
import { verificationOwnershipPlugin } from "./verification-ownership-plugin.server";

export const AUTH_BASE_PATH = "/api/auth";

/** The header the HTTP layer fills with the client address it trusts (http.server.ts). */
export const CLIENT_IP_HEADER = "x-client-ip";

/**
 * DESIGN.md 8: per client address, stored in the database so they hold across app servers.
 * Windows in seconds.
 */
export const AUTH_RATE_LIMITS = {
  "/sign-in/*": { window: 300, max: 10 },
  "/sign-up/email": { window: 3600, max: 10 },
  "/request-password-reset": { window: 900, max: 5 },
  "/reset-password": { window: 900, max: 10 },
  "/send-verification-email": { window: 900, max: 5 },
  "/change-password": { window: 300, max: 10 },
  "/pending-sign-up/resend": { window: 900, max: 5 },
} as const;

const RESET_TOKEN_TTL_S = 3600;

/** POST /update-user: the display name only, checked like the account form. */
const displayNameUpdate = z.object({ name: accountName }).strict();

/** A password Better Auth would take (its own length rule), so weakness is the next question. */
const settablePassword = z.string().min(PASSWORD_LENGTH.min).max(PASSWORD_LENGTH.max);

/** The sign-up bodies Better Auth accepts (its own checks, in the order it makes them). */
const acceptableSignUp = z.object({
  name: z.string(),
  email: z.email(),
  password: settablePassword,
  image: z.string().optional(),
  callbackURL: z.string().optional(),
  rememberMe: z.boolean().optional(),
});
const passwordReset = z.object({ token: z.string().min(1), newPassword: settablePassword });
const passwordChange = z.object({ newPassword: settablePassword });
/** The bodies of the other endpoints that mail an address Better Auth would accept. */
const mailRequest = z.object({ email: z.email() });

/** The first problem of a failed parse, as Better Auth's 400. */
function badRequest(error: z.ZodError): APIError {
  return new APIError("BAD_REQUEST", { message: firstProblem(error, "Check the form.") });
}

/** 400 with the reason when a new password is too easy to guess. */
function refuseWeakPassword(password: string, personal: readonly (string | null | undefined)[]) {
  const weakness = findPasswordWeakness(password, personal);
  if (weakness) throw new APIError("BAD_REQUEST", { message: weakness, code: "PASSWORD_TOO_WEAK" });
}

/**
 * 429 once `email` has been sent its hourly share of mail for `purpose`, before anything is
 * written: the same whether or not the address has an account.
 */
async function refuseFloodedInbox(db: Database, email: string, purpose: MailPurpose) {
  const decision = await consumeRecipientAllowance(db, email, purpose);
  if (decision.allowed) return;
  throw new APIError(
    "TOO_MANY_REQUESTS",
    { message: "Too many requests. Please try again later." },
    { "Retry-After": String(decision.retryAfter) },
  );
}

/**
 * 429 once the signed-in account, or the client's network, has spent its password checks: taken
 * before Better Auth reads the password. Without a session Better Auth answers 401 by itself.
 */
async function refuseSpentPasswordChecks(
  db: Database,
  ctx: Parameters<typeof getSessionFromCtx>[0],
): Promise<void> {
  const session = await getSessionFromCtx(ctx);
  if (!session) return;
  const clientIp = ctx.headers?.get(CLIENT_IP_HEADER) ?? "";
  const decision = await consumePasswordCheck(db, session.user.id, clientIp);
  if (decision.allowed) return;
  throw new APIError(
    "TOO_MANY_REQUESTS",
    { message: passwordCheckRefusal(decision.retryAfter), code: "RATE_LIMITED" },
    { "Retry-After": String(decision.retryAfter) },
  );
}

const SESSION_TTL_S = 30 * 24 * 3600;

interface AuthOptions {
  env: Pick<
    Env,
    "APP_URL" | "NODE_ENV" | "GOOGLE_CLIENT_ID" | "GOOGLE_CLIENT_SECRET" | "GOOGLE_ISSUER_URL"
  >;
  secret: string;
  db: Database;
  mailer: Mailer;
  logger: Logger;
}

/** Better Auth on our database: email and password, verification, reset, Google (OIDC). */
export function createAuth({ env, secret, db, mailer, logger }: AuthOptions) {
  const sendInBackground = (mail: Parameters<Mailer["send"]>[0]) => {
    mailer.send(mail).catch((error: unknown) => logger.error({ err: error }, "mail failed"));
  };
  const google = env.GOOGLE_CLIENT_ID
    ? genericOAuth({
        config: [
          {
            providerId: "google",
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET ?? "",
            discoveryUrl: `${env.GOOGLE_ISSUER_URL.replace(/\/$/, "")}/.well-known/openid-configuration`,
            scopes: ["openid", "email", "profile"],
            pkce: true,
          },
        ],
      })
    : null;

  return betterAuth({
    appName: "Business AI Tools Directory",
    baseURL: env.APP_URL,
    basePath: AUTH_BASE_PATH,
    secret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: authUsers,
        session: authSessions,
        account: authAccounts,
        verification: authVerifications,
        rateLimit: authRateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_LENGTH.min,
      maxPasswordLength: PASSWORD_LENGTH.max,
      password: { hash: hashPassword, verify: verifyPassword },
      // Decision 010: no session at sign-up, so a taken address is answered exactly like a free
      // one (Better Auth hashes the password either way); its owner is told by mail.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) =>
        sendInBackground(
          existingAccountMail({
            to: user.email,
            appUrl: env.APP_URL,
            isConfirmed: user.emailVerified,
            hasGoogle: google !== null,
          }),
        ),
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_S,
      revokeSessionsOnPasswordReset: true,
      // Proof that the mailbox's owner set this password (roles.server.ts, ADMIN_EMAILS), so
      // the address is verified too (decision 022: the reset also ended every session).
      onPasswordReset: async ({ user }) => {
        await db
          .update(authUsers)
          .set({ passwordResetAt: new Date(), emailVerified: true })
          .where(eq(authUsers.id, user.id));
      },
      sendResetPassword: async ({ user, url }) =>
        sendInBackground(passwordResetMail(user.email, url)),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) =>
        sendInBackground(verificationMail(user.email, url)),
    },
    session: { expiresIn: SESSION_TTL_S },
    account: { accountLinking: { enabled: true, trustedProviders: ["google"] } },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 200,
      customRules: AUTH_RATE_LIMITS,
    },
    trustedOrigins: [new URL(env.APP_URL).origin],
    advanced: {
      useSecureCookies: env.APP_URL.startsWith("https:"),
      // Every IPv6 address of one /64 counts as one client; 64 is Better Auth's default,
      // stated so that it stays.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER], ipv6Subnet: 64 },
      database: { generateId: () => crypto.randomUUID() },
    },
    telemetry: { enabled: false },
    // Endpoints the site does not use stay closed (account linking by hand, provider tokens).
    disabledPaths: [
      "/unlink-account",
      "/link-social",
      "/get-access-token",
      "/refresh-token",
      "/account-info",
      "/list-accounts",
      "/set-password",
    ],
    // Better Auth's own notes go to our log; its warnings are routine (a failed sign-in).
    logger: {
      log: (level, message, ...args) => {
        const data = args.length > 0 ? { details: args } : {};
        if (level === "error") logger.error(data, message);
        else if (level === "warn") logger.info(data, message);
        else logger.debug(data, message);
      },
    },
    plugins: [
      pendingSignUpPlugin({
        db,
        beforeMail: (email) => refuseFloodedInbox(db, email, "verification"),
      }),
      verificationOwnershipPlugin({ db }),
      ...(google ? [google] : []),
    ],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        switch (ctx.path) {
          // The only profile change the site offers is the display name, checked like the form.
          case "/update-user": {
            const update = displayNameUpdate.safeParse(ctx.body);
            if (!update.success) throw badRequest(update.error);
            return;
          }
          // Only a body Better Auth would accept is checked here; anything else gets its own error.
          // Checked before Better Auth looks the address up, so a taken one is answered alike.
          case "/sign-up/email": {
            const signUp = acceptableSignUp.safeParse(ctx.body);
            if (!signUp.success) return;
            const name = accountName.safeParse(signUp.data.name);
            if (!name.success) throw badRequest(name.error);
            refuseWeakPassword(signUp.data.password, [signUp.data.email, signUp.data.name]);
            await refuseFloodedInbox(db, signUp.data.email, "sign-up");
            return;
          }
          case "/request-password-reset":
          case "/send-verification-email": {
            const request = mailRequest.safeParse(ctx.body);
            const purpose = ctx.path === "/request-password-reset" ? "reset" : "verification";
            if (request.success) await refuseFloodedInbox(db, request.data.email, purpose);
            return;
          }
          case "/reset-password": {
            const reset = passwordReset.safeParse(ctx.body);
            if (!reset.success) return;
            const request = await ctx.context.internalAdapter.findVerificationValue(
              `reset-password:${reset.data.token}`,
            );
            const user = request && (await ctx.context.internalAdapter.findUserById(request.value));
            if (user) refuseWeakPassword(reset.data.newPassword, [user.email, user.name]);
            return;
          }
          // Every endpoint that checks the signed-in person's password (delete-user is off, but
          // counted should it ever be turned on).
          case "/verify-password":
          case "/delete-user":
            await refuseSpentPasswordChecks(db, ctx);
            return;
          case "/change-password": {
            await refuseSpentPasswordChecks(db, ctx);
            const change = passwordChange.safeParse(ctx.body);
            const session = change.success ? await getSessionFromCtx(ctx) : null;
            if (change.success && session) {
              refuseWeakPassword(change.data.newPassword, [session.user.email, session.user.name]);
            }
            return;
          }
        }
      }),
      // ASVS V7.2.4: signing in again in the same browser ends the session it held before, so a
      // token someone saw earlier dies with the new sign-in.
      after: createAuthMiddleware(async (ctx) => {
        const newSession = ctx.context.newSession;
        if (!newSession) return;
        // A link that verifies an address signs in the browser that opened it and ends every
        // other session of the account: whoever started it with a password before its owner
        // confirmed it is signed out.
        if (ctx.path === "/verify-email") {
          await db
            .delete(authSessions)
            .where(
              and(
                eq(authSessions.userId, newSession.user.id),
                ne(authSessions.token, newSession.session.token),
              ),
            );
        }
        const cookie = ctx.context.authCookies.sessionToken.name;
        const previousToken = await ctx.getSignedCookie(cookie, ctx.context.secret);
        if (previousToken && previousToken !== newSession.session.token) {
          await ctx.context.internalAdapter.deleteSession(previousToken);
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // User profile: created with the account (on first Google sign-in too).
          after: async (user) => {
            await db
              .insert(userProfiles)
              .values({
                userId: user.id,
                email: user.email,
                username: publicNameOf(user.name, user.id),
                displayName: user.name.trim() || null,
                photoUrl: user.image ?? null,
              })
              .onConflictDoNothing();
          },
        },
        update: {
          after: async (user) => {
            await db
              .update(userProfiles)
              .set({
                email: user.email,
                username: publicNameOf(user.name, user.id),
                displayName: user.name.trim() || null,
                updatedAt: new Date(),
              })
              .where(eq(userProfiles.userId, user.id));
          },
        },
      },
      session: {
        create: {
          // On later sign-ins only updatedAt is refreshed.
          after: async (session) => {
            await db
              .update(userProfiles)
              .set({ updatedAt: sql`now()` })
              .where(eq(userProfiles.userId, session.userId));
          },
        },
      },
    },
    onAPIError: {
      onError: (error) => {
        if (!(error instanceof APIError)) logger.error({ err: error }, "auth request failed");
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
