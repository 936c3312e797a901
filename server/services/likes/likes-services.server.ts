import type { Database } from "#server/db/client.server";
import type { RateRule } from "#server/rate-limit/consume-rate-limit.server";
import { getLikedState, readLiveEventId } from "./get-liked-state.server";
import { setToolLikeWithinLimit } from "./set-tool-like.server";

type LikeChange = { userId: string; toolId: string; isLiked: boolean };

/** A signed-in person's likes (likeTool / unlikeTool). */
export function createLikesServices({ db }: { db: Database }) {
  return {
    setToolLikeWithinLimit: (change: LikeChange, limit: { key: string; rule: RateRule }) =>
      setToolLikeWithinLimit(db, change, limit),
    getLikedState: (userId: string) => getLikedState(db, userId),
    readLiveEventId: () => readLiveEventId(db),
  };
}
