import { useAuthPrompt } from "~/components/auth-prompt";
import { postComment } from "~/client/api/client";
import type { SavedComment } from "~/lib/api/contract";
import { useViewer } from "~/client/auth/use-viewer";
import { CommentForm } from "./comment-form";
import type { ShownComments } from "./shown-comments";
import { StarPicker } from "./star-picker";

interface CommentComposerProps {
  toolId: string;
  toolName: string;
  shown: ShownComments;
  /** The reader's own rating while it is being changed (see useViewerRating). */
  rating: {
    draftRating: { value: number | null } | null;
    isRatingBusy: boolean;
    onRatingPick: (rating: number | null) => void;
  };
  onSaved: (saved: SavedComment) => void;
}

/**
 * Where a reader writes: a way to sign in, to verify their email, a closed notice, or the
 * comment form (with their rating above it once they have rated).
 */
export function CommentComposer({
  toolId,
  toolName,
  shown,
  rating,
  onSaved,
}: CommentComposerProps) {
  const viewer = useViewer();
  const openAuth = useAuthPrompt();
  if (!viewer) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-700">Share your experience with {toolName}.</p>
        <button
          type="button"
          onClick={() => openAuth("signin")}
          className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
        >
          Sign in to comment
        </button>
      </div>
    );
  }
  if (!viewer.emailVerified) {
    return (
      <p className="text-slate-700">
        Verify your email address to comment and rate.{" "}
        <a href="/verify-email" className="font-semibold text-brand-700 underline">
          Open email verification
        </a>
      </p>
    );
  }
  if (shown.isLocked) return <p className="text-slate-700">Comments are closed for this tool.</p>;
  return (
    <div className="space-y-5">
      {shown.viewerRating && (
        <StarPicker
          legend="Your rating"
          value={rating.draftRating ? rating.draftRating.value : shown.viewerRating.rating}
          onChange={rating.onRatingPick}
          isBusy={rating.isRatingBusy}
        />
      )}
      <CommentForm
        label="Your comment"
        submitLabel="Post comment"
        hasRating={!shown.viewerRating}
        hasHoneypot
        submit={(input) => postComment(toolId, input)}
        onSaved={onSaved}
      />
    </div>
  );
}
