import { formatCount } from "~/lib/tool";
import { useAuthPrompt } from "./auth-prompt";

interface LikeButtonProps {
  toolName: string;
  likes: number;
}

/**
 * spec 2 Tool card: the like button with its count. Liking needs an account (spec 4 Like), so a
 * signed-out visitor is asked to sign in.
 */
export function LikeButton({ toolName, likes }: LikeButtonProps) {
  const openAuth = useAuthPrompt();
  return (
    <button
      type="button"
      onClick={() => openAuth("signin")}
      aria-label={`Like ${toolName}, ${formatCount(likes)} ${likes === 1 ? "like" : "likes"}`}
      className="relative z-10 inline-flex min-h-9 items-center gap-1.5 rounded-full border border-slate-200 px-3 text-sm font-medium text-slate-700 hover:border-rose-200 hover:bg-rose-50 hover:text-rose-700"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.7}
      >
        <path d="M10 16.5s-6.5-3.9-6.5-8.6A3.6 3.6 0 0 1 10 5.6a3.6 3.6 0 0 1 6.5 2.3c0 4.7-6.5 8.6-6.5 8.6z" />
      </svg>
      {formatCount(likes)}
    </button>
  );
}
