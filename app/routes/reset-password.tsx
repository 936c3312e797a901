import { NewPasswordPage } from "~/features/auth/new-password-page";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/reset-password";

export function meta() {
  return [{ title: pageTitle("Choose a new password") }, { name: "robots", content: "noindex" }];
}

/** The mailed link passes through Better Auth, which adds ?token= (or ?error= when not valid). */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get("token");
  return { token: token && !params.has("error") ? token : null };
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  return <NewPasswordPage token={loaderData.token} />;
}
