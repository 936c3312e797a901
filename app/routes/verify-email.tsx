import { VerifyEmailPage } from "~/features/auth/verify-email-page";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/verify-email";

export function meta() {
  return [{ title: pageTitle("Verify your email") }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const signedIn = await context.signedIn();
  return signedIn
    ? { email: signedIn.viewer.email, isVerified: signedIn.viewer.emailVerified }
    : null;
}

/** spec 4: with no signed-in user nothing is shown. */
export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null;
  return <VerifyEmailPage email={loaderData.email} isVerified={loaderData.isVerified} />;
}
