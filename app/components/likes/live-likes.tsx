import { createContext, useContext, useEffect, useState, useSyncExternalStore } from "react";
import { LikeStore } from "./like-store";

const LikeStoreContext = createContext<LikeStore | null>(null);

interface LiveLikesProps {
  /** The signed-in person's id: the stream is opened again when it changes. */
  viewerId: string | null;
  children: React.ReactNode;
}

/**
 * Opens the live stream once per page (and again when someone signs in or out) and keeps the
 * like store up to date: counts for everyone, the person's own like state on every device.
 * EventSource reconnects by itself and resumes with Last-Event-ID.
 */
export function LiveLikes({ viewerId, children }: LiveLikesProps) {
  const [store] = useState(() => new LikeStore());
  useEffect(() => {
    store.setAllLiked(null);
    const source = new EventSource("/api/live");
    const read = <T,>(event: Event) => JSON.parse((event as MessageEvent<string>).data) as T;
    source.addEventListener("likes", (event) => {
      const { toolId, likesTotal } = read<{ toolId: string; likesTotal: number }>(event);
      store.setCount(toolId, likesTotal);
    });
    source.addEventListener("liked", (event) => {
      const { toolId, isLiked } = read<{ toolId: string; isLiked: boolean }>(event);
      store.setLiked(toolId, isLiked);
    });
    // Too much was missed to replay: forget the live counts (the page's own stand) until new ones.
    source.addEventListener("resync", () => store.clearCounts());
    source.addEventListener("me", (event) => {
      store.setAllLiked(read<{ likedToolIds: string[] }>(event).likedToolIds);
    });
    return () => source.close();
  }, [store, viewerId]);
  return <LikeStoreContext.Provider value={store}>{children}</LikeStoreContext.Provider>;
}

export function useLikeStore(): LikeStore {
  const store = useContext(LikeStoreContext);
  if (!store) throw new Error("useLikeStore needs <LiveLikes> above it");
  return store;
}

/** A tool's like count (live, else as the page was rendered) and whether the person likes it. */
export function useToolLike(toolId: string, renderedCount: number) {
  const store = useLikeStore();
  const count = useSyncExternalStore(
    store.subscribe,
    () => store.count(toolId) ?? renderedCount,
    () => renderedCount,
  );
  const isLiked = useSyncExternalStore(
    store.subscribe,
    () => store.isLiked(toolId),
    () => false,
  );
  return { count, isLiked };
}
