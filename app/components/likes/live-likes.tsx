import { createContext, useContext, useEffect, useState, useSyncExternalStore } from "react";
import { LikeStore } from "./like-store";

const LikeStoreContext = createContext<LikeStore | null>(null);

const RETRY_AFTER_ERROR_MS = 10_000;

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
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // The last event seen, so a stream opened again (after the tab was hidden) resumes from it.
    let lastEventId = "";
    const read = <T,>(event: Event) => {
      const message = event as MessageEvent<string>;
      if (message.lastEventId) lastEventId = message.lastEventId;
      return JSON.parse(message.data) as T;
    };
    const open = () => {
      if (source) return;
      const resumeFrom = lastEventId ? `?lastEventId=${encodeURIComponent(lastEventId)}` : "";
      const next = new EventSource(`/api/live${resumeFrom}`);
      source = next;
      next.addEventListener("likes", (event) => {
        const { toolId, likesTotal } = read<{ toolId: string; likesTotal: number }>(event);
        store.setCount(toolId, likesTotal);
      });
      next.addEventListener("liked", (event) => {
        const { toolId, isLiked } = read<{ toolId: string; isLiked: boolean }>(event);
        store.setLiked(toolId, isLiked);
      });
      // Too much was missed to replay: forget the live counts (the page's own stand) until new ones.
      next.addEventListener("resync", () => store.clearCounts());
      next.addEventListener("me", (event) => {
        store.setAllLiked(read<{ likedToolIds: string[] }>(event).likedToolIds);
      });
      // The browser retries by itself after a dropped connection, but gives up after an HTTP
      // error (a proxy's 502 during a deploy): then try again a little later.
      next.onerror = () => {
        if (next.readyState !== EventSource.CLOSED) return;
        close();
        retry = setTimeout(open, RETRY_AFTER_ERROR_MS);
      };
    };
    const close = () => {
      clearTimeout(retry);
      source?.close();
      source = null;
    };
    // A hidden tab gives its connection back (browsers allow six per site over HTTP/1.1) and
    // resumes from its last event when shown again.
    const onVisibility = () => (document.hidden ? close() : open());
    if (!document.hidden) open();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      close();
    };
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
