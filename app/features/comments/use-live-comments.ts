import { useEffect } from "react";
import { listenToLiveComments } from "~/client/api/live-stream";
import type { ShownComments } from "./shown-comments";

/**
 * The live stream's changes to this tool: the counts and ratings at once, the comments read
 * again soon after.
 */
export function useLiveComments(
  toolId: string,
  setShown: (update: (current: ShownComments) => ShownComments) => void,
  refreshSoon: () => void,
) {
  useEffect(
    () =>
      listenToLiveComments((change) => {
        if (change.toolId !== toolId) return;
        setShown((current) => ({
          ...current,
          commentCount: change.commentCount,
          rating: {
            ...current.rating,
            ratingAvg: change.ratingAvg,
            ratingCount: change.ratingCount,
          },
        }));
        refreshSoon();
      }),
    [toolId, setShown, refreshSoon],
  );
}
