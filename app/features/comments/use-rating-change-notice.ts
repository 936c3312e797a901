import { useEffect, useRef } from "react";
import type { RatingSummary } from "~/lib/api/contract";

/** Tells `onRatingChange` about the tool's ratings whenever they change after the first render. */
export function useRatingChangeNotice(
  rating: RatingSummary,
  onRatingChange: ((rating: RatingSummary) => void) | undefined,
) {
  const ratingHeard = useRef(rating);
  useEffect(() => {
    if (rating === ratingHeard.current) return;
    ratingHeard.current = rating;
    onRatingChange?.(rating);
  }, [rating, onRatingChange]);
}
