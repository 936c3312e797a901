import { useEffect, useRef, useState } from "react";
import { useToast } from "~/components/toast";
import { editComment } from "~/client/api/client";
import { upsertComment, type ShownComments } from "./shown-comments";

const RATING_SAVE_DELAY_MS = 600;

interface ViewerRatingOptions {
  shownRef: React.RefObject<ShownComments>;
  setShown: (update: (current: ShownComments) => ShownComments) => void;
  refreshSoon: () => void;
  onFailure: (error: unknown, fallback: string) => void;
}

/**
 * The reader's own rating, changed on the comment that carries it. Arrow keys move through the
 * stars: the one the reader stops at is saved.
 */
export function useViewerRating({
  shownRef,
  setShown,
  refreshSoon,
  onFailure,
}: ViewerRatingOptions) {
  const toast = useToast();
  const [isRatingBusy, setIsRatingBusy] = useState(false);
  /** The rating the reader just picked, until it is saved. */
  const [draftRating, setDraftRating] = useState<{ value: number | null } | null>(null);
  const ratingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(ratingTimer.current), []);

  async function saveRating(rating: number | null) {
    const carrier = shownRef.current.viewerRating;
    if (!carrier) return;
    setIsRatingBusy(true);
    try {
      const saved = await editComment(carrier.commentId, { rating });
      setShown((current) => upsertComment(current, saved));
      toast({
        message: rating === null ? "Your rating was removed." : "Your rating was saved.",
        durationMs: 3000,
      });
      refreshSoon();
    } catch (error) {
      onFailure(error, "Your rating could not be saved.");
    } finally {
      setIsRatingBusy(false);
      setDraftRating(null);
    }
  }

  function onRatingPick(rating: number | null) {
    setDraftRating({ value: rating });
    clearTimeout(ratingTimer.current);
    ratingTimer.current = setTimeout(() => void saveRating(rating), RATING_SAVE_DELAY_MS);
  }

  return { draftRating, isRatingBusy, onRatingPick };
}
