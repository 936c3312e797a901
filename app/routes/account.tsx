import { redirect } from "react-router";
import { AccountPage } from "~/features/account/account-page";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/account";

export function meta() {
  return [{ title: pageTitle("My account") }, { name: "robots", content: "noindex" }];
}

/** Signed-in only; others are redirected to /. */
export async function loader({ context }: Route.LoaderArgs) {
  const signedIn = await context.signedIn();
  if (!signedIn) throw redirect("/");
  const liked = await context.likedState();
  const account = await context.services.getAccount(
    signedIn.viewer.id,
    signedIn.sessionToken,
    liked?.likedToolIds ?? [],
  );
  return { viewer: signedIn.viewer, ...account };
}

export default function Account({ loaderData }: Route.ComponentProps) {
  return <AccountPage {...loaderData} />;
}
