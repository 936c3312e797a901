import { ConfirmEmailPage, type ConfirmEmailPageProps } from "~/features/auth/confirm-email-page";
import { FailedLinkSignedOut, VerifyEmailPage } from "~/features/auth/verify-email-page";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/verify-email";

export function meta() {
  return [{ title: pageTitle("Verify your email") }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = await context.signedIn();
  // Decision 022: a mailed link opened outside the browser that signed up lands here with its
  // token; nothing changes until the person sends the form.
  const token = new URL(request.url).searchParams.get("token");
  if (token) {
    const confirmation = await context.services.readEmailConfirmation(token);
    if (!confirmation) return { linkFailed: true as const };
    const signedInAs = signedIn && signedIn.viewer.email !== confirmation.email;
    const confirm: ConfirmEmailPageProps = {
      token,
      maskedEmail: confirmation.maskedEmail,
      signedInAs: signedInAs ? signedIn.viewer.email : null,
    };
    return { confirm };
  }
  if (signedIn) {
    return {
      email: signedIn.viewer.email,
      isVerified: signedIn.viewer.emailVerified,
      waitsAs: "session" as const,
    };
  }
  // Decision 010: a new sign-up waits here with its pending cookie until the address is verified.
  const pending = await context.services.readPendingSignUp(request.headers.get("cookie"));
  if (pending) return { email: pending.email, isVerified: false, waitsAs: "sign-up" as const };
  // A mailed link that failed lands here signed out: say so rather than show a blank page.
  return new URL(request.url).searchParams.has("error") ? { linkFailed: true as const } : null;
}

/** With no signed-in user (nor a sign-up waiting) nothing is shown. */
export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null;
  if ("linkFailed" in loaderData) return <FailedLinkSignedOut />;
  if ("confirm" in loaderData && loaderData.confirm)
    return <ConfirmEmailPage {...loaderData.confirm} />;
  return (
    <VerifyEmailPage
      email={loaderData.email}
      isVerified={loaderData.isVerified}
      waitsAs={loaderData.waitsAs}
    />
  );
}
