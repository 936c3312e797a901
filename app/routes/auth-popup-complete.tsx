import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { reportPopupResult } from "~/features/auth/google-sign-in";
import { pageTitle } from "~/lib/seo";

export function meta() {
  return [{ title: pageTitle("Signing in") }, { name: "robots", content: "noindex" }];
}

/** The last page of the Google popup: tells the page that opened it, then closes. */
export default function AuthPopupComplete() {
  const [searchParams] = useSearchParams();
  const ok = !searchParams.has("authError");
  useEffect(() => {
    reportPopupResult({ ok });
    window.close();
  }, [ok]);
  return (
    <p className="mx-auto max-w-md px-4 py-16 text-center text-slate-700">
      {ok
        ? "You are signed in. You can close this window."
        : "Google sign-in did not complete. You can close this window and try again."}
    </p>
  );
}
