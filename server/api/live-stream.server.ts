import type express from "express";
import type { LiveStreamEvents } from "~/lib/api/contract";
import type { Application } from "../boot.server";
import type { LiveEvent } from "../live/live-events.server";
import type { Resync } from "../live/live-hub.server";
import { AppError } from "../errors.server";
import { addressKeyOf } from "../rate-limit/client-key.server";
import { signedInOf } from "./guards.server";

const HEARTBEAT_MS = 25_000;
const RECONNECT_MS = 3000;
/** Tabs of one browser share an address; more streams than this from one client are refused. */
export const LIVE_STREAMS_PER_CLIENT = 50;
/** Every open stream holds a socket and a subscription: one process serves at most this many. */
export const LIVE_STREAMS_MAX = 1000;
/** What a refused stream is told to wait before trying again, in seconds. */
export const LIVE_STREAMS_RETRY_AFTER_S = 30;
const MAX_UNSENT_BYTES = 1 << 20;

function message<E extends keyof LiveStreamEvents>(
  event: E,
  data: LiveStreamEvents[E],
  id?: number,
) {
  return `${id === undefined ? "" : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * GET /api/live: Server-Sent Events, changes only. Everyone gets like counts ("likes") and comment changes ("comments"); a
 * signed-in person also gets their own like changes ("liked"), on every device at once; what they
 * like already comes with the page (decision 008). A stream opened with Last-Event-ID (or
 * ?lastEventId=, the event the page was read at) replays what came after it, or says "resync"
 * when that is gone.
 */
export function liveStream(
  app: Application,
  { maxStreams = LIVE_STREAMS_MAX, maxPerClient = LIVE_STREAMS_PER_CLIENT } = {},
): express.RequestHandler {
  const openByClient = new Map<string, number>();
  let openTotal = 0;
  return async (req, res) => {
    // HEAD asks only whether the stream is there: a stream of nothing would never answer.
    if (req.method === "HEAD") {
      res.status(200).type("text/event-stream").end();
      return;
    }
    if (openTotal >= maxStreams) {
      const busy = new AppError("UNAVAILABLE", "Live updates are busy. Try again shortly.");
      res.set("Retry-After", String(LIVE_STREAMS_RETRY_AFTER_S)).status(busy.status);
      res.json(busy.toJSON());
      return;
    }
    const client = addressKeyOf(req.ip ?? "");
    const open = openByClient.get(client) ?? 0;
    if (open >= maxPerClient) {
      res.status(429).json(new AppError("RATE_LIMITED", "Too many open streams.").toJSON());
      return;
    }
    openByClient.set(client, open + 1);
    openTotal++;
    // Cleanup is set up before anything can wait or fail, so no stream outlives its client; the
    // client may leave during any wait below, so each one is followed by a look at isClosed.
    let isClosed = false;
    let unsubscribe = () => {};
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    res.on("close", () => {
      isClosed = true;
      clearInterval(heartbeat);
      unsubscribe();
      openTotal--;
      const left = (openByClient.get(client) ?? 1) - 1;
      if (left > 0) openByClient.set(client, left);
      else openByClient.delete(client);
    });
    // A client that cannot keep up (its unsent data piles up) is dropped; it reconnects and
    // resumes with Last-Event-ID.
    const write = (text: string) => {
      if (res.destroyed) return;
      if (res.writableLength > MAX_UNSENT_BYTES) res.destroy();
      else res.write(text);
    };
    try {
      const signedIn = await signedInOf(app, req);
      if (isClosed) return;
      const userId = signedIn?.viewer.id ?? null;
      res.writeHead(200, {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store",
        Connection: "keep-alive",
        "X-Accel-Buffering": "no",
      });
      write(`retry: ${RECONNECT_MS}\n\n`);

      const send = (event: LiveEvent | Resync) => {
        if (event.type === "resync") {
          write(message("resync", {}));
          return;
        }
        if (event.type === "comments") {
          const { toolId, ratingAvg, ratingCount, commentCount } = event;
          write(message("comments", { toolId, ratingAvg, ratingCount, commentCount }, event.id));
          return;
        }
        if (event.type !== "like") return;
        write(message("likes", { toolId: event.toolId, likesTotal: event.likesTotal }, event.id));
        if (event.userId === userId) {
          write(message("liked", { toolId: event.toolId, isLiked: event.isLiked }, event.id));
        }
      };
      // Subscribe first, so nothing falls between the replay and the live events.
      const buffered: (LiveEvent | Resync)[] = [];
      const replayed = new Set<number>();
      let isReplaying = true;
      unsubscribe = app.live.subscribe((event) => {
        if (isReplaying) buffered.push(event);
        else send(event);
      });

      // EventSource sends Last-Event-ID when it reconnects; a stream opened again by the page
      // passes it in the query.
      const lastId = Number(req.get("last-event-id") ?? req.query.lastEventId ?? Number.NaN);
      if (Number.isInteger(lastId) && lastId >= 0) {
        const missed = app.live.since(lastId);
        if (missed) {
          for (const event of missed) {
            send(event);
            replayed.add(event.id);
          }
        } else {
          // This server does not hold the events after lastId (it started or listened again
          // since): if none has been handed out, nothing was missed, as on a quiet server.
          const latestId = await app.services.readLiveEventId();
          if (isClosed) return;
          if (latestId > lastId) write(message("resync", {}));
        }
      }
      isReplaying = false;
      for (const event of buffered) {
        if (event.type === "resync" || !replayed.has(event.id)) send(event);
      }
      heartbeat = setInterval(() => write(": keep-alive\n\n"), HEARTBEAT_MS);
    } catch (error) {
      // Headers may be sent already: end the stream; the browser reconnects.
      if (res.headersSent) res.destroy();
      else throw error;
    }
  };
}
