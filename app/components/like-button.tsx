import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { currentPath, track } from "~/client/analytics/track";
import { setToolLike } from "~/client/api/client";
import { ApiError } from "~/client/api/request";
import { useViewer } from "~/client/auth/use-viewer";
import { INLINE_ERROR_CLEAR_MS, LIKE_ERROR_TOAST_MS, LIKE_TOAST_MS } from "~/lib/constants";
import { LIKE_ADDED, LIKE_FAILED_INLINE, LIKE_FAILED_TOAST, LIKE_REMOVED } from "~/lib/messages";
import { formatCount } from "~/lib/tool";
import { useAuthPrompt } from "./auth-prompt";
import { likeRefusalOf } from "./likes/like-refusal";
import { useLikeStore, useToolLike } from "./likes/live-likes";
import { useToast } from "./toast";

interface LikeButtonProps {
  toolId: string;
  toolName: string;
  likes: number;
}

/**
 * Like: liked or not from the live stream; one request at a time. A click shows at once
 * (pressed, the count +1 / -1, never below 0), the server's answer then sets both, and a refusal
 * takes the click's change back. Signed out, it asks to sign in, also when
 * the page still shows a session that ended elsewhere (the server answers 401).
 */
export function LikeButton({ toolId, toolName, likes }: LikeButtonProps) {
  const viewer = useViewer();
  const openAuth = useAuthPrompt();
  const toast = useToast();
  const revalidator = useRevalidator();
  const store = useLikeStore();
  const { count, isLiked } = useToolLike(toolId, likes);
  const [isPending, setIsPending] = useState(false);
  const [inlineError, setInlineError] = useState<string | null>(null);

  useEffect(() => {
    if (!inlineError) return;
    const timer = setTimeout(() => setInlineError(null), INLINE_ERROR_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [inlineError]);

  async function toggle() {
    const refusal = likeRefusalOf(viewer, toolId);
    if (refusal?.kind === "sign-in") {
      openAuth("signin");
      return;
    }
    if (refusal) {
      toast(refusal.toast);
      return;
    }
    if (isPending) return;
    const willLike = !isLiked;
    const step = willLike ? 1 : -1;
    setIsPending(true);
    setInlineError(null);
    // Optimistic: the heart and the count change on the click; a refusal takes back only the
    // click's own change, so a live update that came meanwhile stays.
    store.setLiked(toolId, willLike);
    store.setCount(toolId, count + step);
    try {
      // Not a page write (decision 012): the answer sets the like store, and the live stream
      // tells every other page; no loader needs to run again.
      const state = await setToolLike(toolId, willLike);
      store.setLiked(toolId, state.isLiked);
      store.setCount(toolId, state.likesTotal);
      track({ name: "tool_like", path: currentPath(), toolId, liked: state.isLiked });
      toast(
        willLike
          ? { message: LIKE_ADDED, icon: "❤️", durationMs: LIKE_TOAST_MS }
          : { message: LIKE_REMOVED, icon: "💔", durationMs: LIKE_TOAST_MS },
      );
    } catch (error) {
      if (store.isLiked(toolId) === willLike) store.setLiked(toolId, !willLike);
      store.setCount(toolId, (store.count(toolId) ?? count + step) - step);
      if (error instanceof ApiError && error.status === 401) {
        // Signed out in another tab: the header learns it from the root loader read again.
        openAuth("signin");
        void revalidator.revalidate();
        return;
      }
      console.warn("Like failed", error);
      setInlineError(LIKE_FAILED_INLINE);
      toast({ message: LIKE_FAILED_TOAST, tone: "error", durationMs: LIKE_ERROR_TOAST_MS });
    } finally {
      setIsPending(false);
    }
  }

  const countLabel = `${formatCount(count)} ${count === 1 ? "like" : "likes"}`;
  return (
    <span className="like">
      <button
        type="button"
        onClick={() => void toggle()}
        aria-pressed={viewer ? isLiked : undefined}
        aria-busy={isPending || undefined}
        aria-label={`${isLiked ? "Unlike" : "Like"} ${toolName}, ${countLabel}`}
        data-liked={isLiked || undefined}
        className="like-button"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill={isLiked ? "currentColor" : "none"}>
          <path d="M10 16.5s-6.5-3.9-6.5-8.6A3.6 3.6 0 0 1 10 5.6a3.6 3.6 0 0 1 6.5 2.3c0 4.7-6.5 8.6-6.5 8.6z" />
        </svg>
        {formatCount(count)}
      </button>
      {inlineError && (
        <span role="alert" className="mt-1 text-xs text-red-700">
          {inlineError}
        </span>
      )}
    </span>
  );
}
