import type { Database } from "../../db/client.server";
import { getLikedState, readLiveEventId } from "./get-liked-state.server";
import { setToolLike } from "./set-tool-like.server";

/** A signed-in person's likes (spec 7 likeTool / unlikeTool). */
export function createLikesServices({ db }: { db: Database }) {
  return {
    setToolLike: (change: { userId: string; toolId: string; isLiked: boolean }) =>
      setToolLike(db, change),
    getLikedState: (userId: string) => getLikedState(db, userId),
    readLiveEventId: () => readLiveEventId(db),
  };
}
