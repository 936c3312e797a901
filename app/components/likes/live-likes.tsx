import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { useRevalidator } from "react-router";
import { openLiveStream } from "~/client/api/live-stream";
import type { LikedState } from "~/lib/api/contract";
import { LikeStore } from "./like-store";

const LikeStoreContext = createContext<LikeStore | null>(null);

const RETRY_AFTER_ERROR_MS = 10_000;

interface LiveLikesProps {
  /** The signed-in person's id: a new store and stream when it changes (sign-in, sign-out). */
  viewerId: string | null;
  /** The person's liked tools from the root loader, and the live event they were read at. */
  liked: LikedState | null;
  children: React.ReactNode;
}

/**
 * Keeps the like store for the page: it starts from the liked tools in the page's data (so the
 * server render shows them), and one live stream per page and person, opened after the event
 * that data was read at, brings counts for everyone and the person's own changes on every device.
 * EventSource reconnects by itself and resumes with Last-Event-ID.
 */
export function LiveLikes({ viewerId, liked, children }: LiveLikesProps) {
  const [current, setCurrent] = useState(() => ({
    viewerId,
    store: new LikeStore(undefined, liked),
  }));
  let store = current.store;
  if (current.viewerId !== viewerId) {
    store = current.store.forViewer(liked);
    setCurrent({ viewerId, store });
  }
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  }, [revalidator]);
  /** The stream said "resync": the next liked tools the root loader reads are the fresh ones. */
  const isAwaitingLiked = useRef(false);

  useEffect(() => {
    if (!liked) return;
    if (isAwaitingLiked.current) {
      isAwaitingLiked.current = false;
      store.rebase(liked);
    } else {
      store.forgetChangesThrough(liked.liveEventId);
    }
  }, [liked, store]);

  useEffect(() => {
    let closeStream: (() => void) | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // The last event seen (at first the one the page was read at), so the stream replays what
    // happened since, also when opened again after the tab was hidden.
    let lastEventId = store.startEventId === null ? "" : String(store.startEventId);
    const seen = (eventId: string) => {
      if (eventId) lastEventId = eventId;
    };
    const open = () => {
      if (closeStream) return;
      closeStream = openLiveStream(lastEventId, {
        likes: ({ toolId, likesTotal }, eventId) => {
          seen(eventId);
          store.setCount(toolId, likesTotal);
        },
        liked: ({ toolId, isLiked }, eventId) => {
          seen(eventId);
          store.applyLikedEvent({ id: Number(eventId), toolId, isLiked });
        },
        // Too much was missed to replay: forget the live counts (the page's own stand) until new
        // ones, and read the person's liked tools again.
        resync: () => {
          store.clearCounts();
          if (store.startEventId === null) return;
          isAwaitingLiked.current = true;
          void revalidate.current();
        },
        // The browser retries by itself after a dropped connection, but gives up after an HTTP
        // error (a proxy's 502 during a deploy): then try again a little later.
        closed: () => {
          close();
          retry = setTimeout(open, RETRY_AFTER_ERROR_MS);
        },
      });
    };
    const close = () => {
      clearTimeout(retry);
      closeStream?.();
      closeStream = null;
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
  }, [store]);
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
  // The store starts from the page's liked tools, so the server render and hydration agree.
  const isLiked = useSyncExternalStore(
    store.subscribe,
    () => store.isLiked(toolId),
    () => store.isLiked(toolId),
  );
  return { count, isLiked };
}

/** The person's liked tools as sorted ids joined by spaces; null when signed out. */
export function useLikedSignature(): string | null {
  const store = useLikeStore();
  return useSyncExternalStore(store.subscribe, store.likedSignature, store.likedSignature);
}
