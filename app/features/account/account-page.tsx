import { useEffect, useRef, useSyncExternalStore } from "react";
import { Link, useRevalidator } from "react-router";
import { useLikeStore } from "~/components/likes/live-likes";
import { ToolCard } from "~/components/tool-card";
import type { Viewer } from "~/lib/profile";
import type { ToolCard as ToolCardData } from "~/lib/tool";
import { DeleteAccountSection } from "./delete-account-section";
import { PasswordSection } from "./password-section";
import { ProfileSection } from "./profile-section";
import { SessionsSection } from "./sessions-section";

export interface AccountPageProps {
  viewer: Viewer;
  createdAt: string;
  signInMethods: string[];
  otherSessions: number;
  likedTools: ToolCardData[];
  likedToolIds: string[];
}

/** /account: profile, display name, password, devices, favourites and account deletion. */
export function AccountPage({
  viewer,
  createdAt,
  signInMethods,
  otherSessions,
  likedTools,
  likedToolIds,
}: AccountPageProps) {
  const hasPassword = signInMethods.includes("credential");
  useLiveFavourites(likedToolIds);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-950">My account</h1>
      <p className="mt-2 text-slate-600">Signed in as {viewer.email}</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <ProfileSection viewer={viewer} createdAt={createdAt} signInMethods={signInMethods} />
        <div className="space-y-6">
          {hasPassword && <PasswordSection />}
          <SessionsSection otherSessions={otherSessions} />
        </div>
      </div>
      <section aria-labelledby="liked-tools" className="mt-10">
        <h2 id="liked-tools" className="text-xl font-semibold text-slate-950">
          Liked tools
        </h2>
        {likedTools.length === 0 ? (
          <p className="mt-3 rounded-xl border border-dashed border-slate-300 p-6 text-slate-600">
            You have not liked any tools yet.{" "}
            <Link to="/ai-tools" className="font-medium text-brand-700 underline">
              Browse the tools
            </Link>{" "}
            and press the heart on the ones you want to keep.
          </p>
        ) : (
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {likedTools.map((tool) => (
              <li key={tool.id}>
                <ToolCard tool={tool} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <DeleteAccountSection hasPassword={hasPassword} />
    </div>
  );
}

/**
 * Reloads the favourites when the live stream's likes differ from the list: once per change of
 * the live likes, so a difference the server cannot resolve (a like of a deleted tool, say) never
 * turns into a loop.
 */
function useLiveFavourites(likedToolIds: readonly string[]) {
  const store = useLikeStore();
  const revalidator = useRevalidator();
  const live = useSyncExternalStore(store.subscribe, store.likedSignature, () => null);
  const loaded = [...likedToolIds].sort().join(" ");
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (live === null || live === loaded || handled.current === live) return;
    handled.current = live;
    void revalidator.revalidate();
  }, [live, loaded, revalidator]);
}
