import { useEffect, useRef, useState } from "react";
import { useNavigate, useRevalidator, useSearchParams } from "react-router";
import { useAuthPrompt } from "~/components/auth-prompt";
import { ErrorBox, SuccessBox } from "~/components/form-controls";
import {
  checkPendingSignUp,
  reloadUser,
  resendPendingVerification,
  sendVerificationEmail,
} from "~/client/auth/auth-client";
import { RESEND_COOLDOWN_S, VERIFICATION_POLL_MS, VERIFIED_REDIRECT_MS } from "~/lib/constants";
import {
  EMAIL_VERIFIED,
  RESEND_FAILED,
  RESEND_SENT,
  VERIFICATION_CHECK_FAILED,
} from "~/lib/messages";
import { startCountdown, watchVerification } from "./verification-timers";

const SIGNED_OUT_LANDING = "/ai-tools?signIn=1";

interface VerifyEmailPageProps {
  email: string;
  isVerified: boolean;
  /**
   * "session": a signed-in person whose address is not verified. "sign-up": a browser holding a
   * pending sign-up (decision 010), signed in only if the mailed link is opened in it.
   */
  waitsAs: "session" | "sign-up";
}

/** The verify-email page. */
export function VerifyEmailPage({
  email,
  isVerified: verifiedAtLoad,
  waitsAs,
}: VerifyEmailPageProps) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [searchParams] = useSearchParams();
  const [isVerified, setIsVerified] = useState(verifiedAtLoad);
  const [checkFailed, setCheckFailed] = useState(false);
  const [resendState, setResendState] = useState<"idle" | "sending" | "sent" | "failed">("idle");
  const [cooldown, setCooldown] = useState(0);
  // Where the page goes once the address is verified; a browser that is not signed in (the link
  // was opened elsewhere) finds the sign-in dialog open there.
  const landing = useRef("/ai-tools");
  const linkFailed = searchParams.has("error");

  useEffect(() => {
    if (isVerified) return;
    const checkSignUp = async () => {
      const status = await checkPendingSignUp();
      landing.current = status.signedIn ? "/ai-tools" : SIGNED_OUT_LANDING;
      return status.verified;
    };
    const checkSession = async () => {
      const user = await reloadUser();
      // A session opened before the address was verified ends when it is verified elsewhere.
      if (!user) void navigate(SIGNED_OUT_LANDING, { replace: true });
      return user?.emailVerified ?? false;
    };
    return watchVerification({
      check: waitsAs === "sign-up" ? checkSignUp : checkSession,
      intervalMs: VERIFICATION_POLL_MS,
      onVerified: () => setIsVerified(true),
      onError: () => setCheckFailed(true),
      onPending: () => setCheckFailed(false),
    });
  }, [isVerified, navigate, waitsAs]);

  useEffect(() => {
    if (!isVerified) return;
    const timer = setTimeout(() => {
      void revalidator.revalidate();
      void navigate(landing.current);
    }, VERIFIED_REDIRECT_MS);
    return () => clearTimeout(timer);
    // The redirect is scheduled once, when verification is seen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isVerified]);

  async function resend() {
    setResendState("sending");
    const stopCountdown = startCountdown(RESEND_COOLDOWN_S, setCooldown);
    try {
      if (waitsAs === "sign-up") await resendPendingVerification();
      else await sendVerificationEmail(email);
      setResendState("sent");
    } catch {
      stopCountdown();
      setCooldown(0);
      setResendState("failed");
    }
  }

  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-950">Verify your email</h1>
      {isVerified ? (
        <div className="mt-6">
          <SuccessBox>{EMAIL_VERIFIED}</SuccessBox>
        </div>
      ) : (
        <div className="mt-4 space-y-5">
          <p className="text-lg text-slate-700">
            We sent a verification link to{" "}
            <strong className="[overflow-wrap:anywhere]">{email}</strong>. Open it to confirm your
            address; this page notices by itself.
          </p>
          {linkFailed && (
            <ErrorBox>
              That verification link has expired or was already used. Send a new one below.
            </ErrorBox>
          )}
          {checkFailed && <ErrorBox>{VERIFICATION_CHECK_FAILED}</ErrorBox>}
          {resendState === "sent" && <SuccessBox>{RESEND_SENT}</SuccessBox>}
          {resendState === "failed" && <ErrorBox>{RESEND_FAILED}</ErrorBox>}
          <p className="flex items-center gap-3 text-sm text-slate-600" aria-live="polite">
            <span
              aria-hidden="true"
              className="inline-block size-2 animate-pulse rounded-full bg-brand-600"
            />
            Waiting for verification...
          </p>
          <button
            type="button"
            onClick={() => void resend()}
            disabled={cooldown > 0 || resendState === "sending"}
            className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {cooldown > 0 ? `Resend email (${cooldown}s)` : "Resend verification email"}
          </button>
          <p className="text-sm text-slate-600">
            Nothing arrived? Check your spam folder, or resend the email.
          </p>
        </div>
      )}
    </div>
  );
}

/** A verification link that was used, expired or altered, opened while signed out. */
export function FailedLinkSignedOut() {
  const openAuth = useAuthPrompt();
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-950">Verify your email</h1>
      <div className="mt-6 space-y-4">
        <ErrorBox>
          This verification link has expired or was already used. If your address is verified
          already, just sign in; otherwise sign in to send a new link.
        </ErrorBox>
        <button
          type="button"
          onClick={() => openAuth("signin")}
          className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          Sign in
        </button>
      </div>
    </div>
  );
}
