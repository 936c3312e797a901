import { useEffect, useRef } from "react";
import { Link, useRevalidator } from "react-router";
import { useLikedSignature } from "~/components/likes/live-likes";
import { ToolCard } from "~/components/tool-card";
import type { Viewer } from "~/lib/profile";
import type { ToolCard as ToolCardData } from "~/lib/tool";
import { AdminSection } from "./admin-section";
import { DeleteAccountSection } from "./delete-account-section";
import { PasswordSection } from "./password-section";
import { ProfileSection } from "./profile-section";
import { SessionsSection } from "./sessions-section";

export interface AccountPageProps {
  viewer: Viewer;
  createdAt: string;
  signInMethods: string[];
  otherSessions: number;
  /** Cards of the liked tools that are online, most recently liked first. */
  likedTools: ToolCardData[];
}

/** /account: profile, display name, password, devices, favourites and account deletion. */
export function AccountPage({
  viewer,
  createdAt,
  signInMethods,
  otherSessions,
  likedTools,
}: AccountPageProps) {
  const hasPassword = signInMethods.includes("credential");
  const favourites = useFavourites(likedTools);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-950">My account</h1>
      <p className="mt-2 text-slate-600">Signed in as {viewer.email}</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <ProfileSection viewer={viewer} createdAt={createdAt} signInMethods={signInMethods} />
        <div className="space-y-6">
          {hasPassword && <PasswordSection />}
          <SessionsSection otherSessions={otherSessions} />
          {viewer.isAdmin && <AdminSection />}
        </div>
      </div>
      <section aria-labelledby="liked-tools" className="mt-10">
        <h2 id="liked-tools" className="text-xl font-semibold text-slate-950">
          Liked tools
        </h2>
        {favourites.length === 0 ? (
          <p className="mt-3 rounded-xl border border-dashed border-slate-300 p-6 text-slate-600">
            You have not liked any tools yet.{" "}
            <Link to="/ai-tools" className="font-medium text-brand-700 underline">
              Browse the tools
            </Link>{" "}
            and press the heart on the ones you want to keep.
          </p>
        ) : (
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {favourites.map((tool) => (
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
 * The cards of the tools the person likes now. Whether a tool is liked comes from one place, the
 * like store (the root loader's liked tools, kept live): a tool unliked anywhere leaves the list
 * at once. A tool liked elsewhere needs its card, so the page's data is read again: once per
 * change of the liked tools, so a liked tool without a card (offline, say) never turns into a loop.
 */
function useFavourites(likedTools: readonly ToolCardData[]): readonly ToolCardData[] {
  const signature = useLikedSignature();
  const revalidator = useRevalidator();
  const handled = useRef(signature);
  const liked = new Set(signature ? signature.split(" ") : []);
  const hasMissingCard = [...liked].some((id) => !likedTools.some((tool) => tool.id === id));
  useEffect(() => {
    if (!hasMissingCard || handled.current === signature) return;
    handled.current = signature;
    void revalidator.revalidate();
  }, [hasMissingCard, signature, revalidator]);
  return likedTools.filter((tool) => liked.has(tool.id));
}
