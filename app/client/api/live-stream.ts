import type { LiveStreamEvents } from "~/lib/api/contract";
import { readAnswer } from "./request";

/** What the page does with the stream's events; `eventId` is the SSE id the event came with. */
export interface LiveStreamHandlers {
  likes(change: LiveStreamEvents["likes"], eventId: string): void;
  liked(change: LiveStreamEvents["liked"], eventId: string): void;
  resync(): void;
  /** The browser stopped retrying (an HTTP error, such as a proxy's 502): the stream is closed. */
  closed(): void;
}

type LiveCommentsListener = (change: LiveStreamEvents["comments"]) => void;

const commentsListeners = new Set<LiveCommentsListener>();

/**
 * Hears the "comments" events of the page's one live stream (opened by the likes, root.tsx), so a
 * tool page's comments need no second connection. Returns the function that stops listening.
 */
export function listenToLiveComments(listener: LiveCommentsListener): () => void {
  commentsListeners.add(listener);
  return () => void commentsListeners.delete(listener);
}

/**
 * Opens GET /api/live after `fromEventId` (empty: from now), so the server replays what came
 * after it. The browser reconnects by itself after a dropped connection and resumes with
 * Last-Event-ID; returns the function that closes the stream.
 */
export function openLiveStream(fromEventId: string, handlers: LiveStreamHandlers): () => void {
  const resumeFrom = fromEventId ? `?lastEventId=${encodeURIComponent(fromEventId)}` : "";
  const source = new EventSource(`/api/live${resumeFrom}`);
  source.addEventListener("likes", (event) => {
    handlers.likes(readAnswer<LiveStreamEvents["likes"]>(event.data), event.lastEventId);
  });
  source.addEventListener("liked", (event) => {
    handlers.liked(readAnswer<LiveStreamEvents["liked"]>(event.data), event.lastEventId);
  });
  source.addEventListener("comments", (event) => {
    const change = readAnswer<LiveStreamEvents["comments"]>(event.data);
    for (const listener of commentsListeners) listener(change);
  });
  source.addEventListener("resync", () => handlers.resync());
  source.onerror = () => {
    if (source.readyState === EventSource.CLOSED) handlers.closed();
  };
  return () => source.close();
}
