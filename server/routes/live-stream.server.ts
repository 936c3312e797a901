import type express from "express";
import type { LiveStreamEvents } from "~/lib/api/contract";
import type { Application } from "../boot.server";
import { AppError } from "../core/errors.server";
import type { HubMessage } from "../live/live-hub.server";
import { liveStreamCapacity, readMachineLimits } from "../live/live-stream-capacity.server";
import { StreamAdmission, type StreamLimits } from "../live/stream-admission.server";
import { signedInOf } from "./guards.server";

const HEARTBEAT_MS = 25_000;
const RECONNECT_MS = 3000;
/** Tabs of one browser share an address: streams one client may hold while the process is empty. */
export const LIVE_STREAMS_PER_CLIENT = 50;
/** One IPv6 /56 is one site, whose devices may sit in a few /64 networks: four clients' worth. */
export const LIVE_STREAMS_PER_NETWORK = 4 * LIVE_STREAMS_PER_CLIENT;
/** What a refused stream is told to wait before trying again, in seconds. */
export const LIVE_STREAMS_RETRY_AFTER_S = 30;
/**
 * At shutdown a browser is told to reconnect after 1 to 5 s, spread so that the streams of a
 * stopping server do not all arrive at the remaining ones in the same second.
 */
const SHUTDOWN_RETRY_MS = { least: 1000, spread: 4000 };
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
  {
    maxStreams = liveStreamCapacity(readMachineLimits()),
    maxPerClient = LIVE_STREAMS_PER_CLIENT,
    maxPerNetwork = LIVE_STREAMS_PER_NETWORK,
  }: Partial<StreamLimits> = {},
): express.RequestHandler {
  const admission = new StreamAdmission({ maxStreams, maxPerClient, maxPerNetwork });
  return async (req, res) => {
    // HEAD asks only whether the stream is there: a stream of nothing would never answer.
    if (req.method === "HEAD") {
      res.status(200).type("text/event-stream").end();
      return;
    }
    const admitted = admission.admit(req.ip ?? "");
    if (!admitted.isAdmitted) {
      const refusal =
        admitted.reason === "full"
          ? new AppError("UNAVAILABLE", "Live updates are busy. Try again shortly.")
          : new AppError("RATE_LIMITED", "Too many open streams.");
      res.set("Retry-After", String(LIVE_STREAMS_RETRY_AFTER_S)).status(refusal.status);
      res.json(refusal.toJSON());
      return;
    }
    // Cleanup is set up before anything can wait or fail, so no stream outlives its client; the
    // client may leave during any wait below, so each one is followed by a look at isClosed.
    let isClosed = false;
    let unsubscribe = () => {};
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    res.on("close", () => {
      isClosed = true;
      clearInterval(heartbeat);
      unsubscribe();
      admitted.release();
    });
    // A client that cannot keep up (its unsent data piles up) is dropped; it reconnects and
    // resumes with Last-Event-ID.
    const write = (text: string) => {
      if (res.destroyed || res.writableEnded) return;
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
      // The server is stopping: the browser comes back in a few seconds, to a server still running.
      const closeForShutdown = () => {
        const retryMs =
          SHUTDOWN_RETRY_MS.least + Math.floor(Math.random() * SHUTDOWN_RETRY_MS.spread);
        write(`retry: ${retryMs}\n${message("reconnect", {})}`);
        res.end();
      };
      if (app.live.isClosing) {
        closeForShutdown();
        return;
      }

      const send = (event: HubMessage) => {
        if (event.type === "closing") {
          closeForShutdown();
          return;
        }
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
      const buffered: HubMessage[] = [];
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
        if (!("id" in event) || !replayed.has(event.id)) send(event);
      }
      if (res.writableEnded) return;
      heartbeat = setInterval(() => write(": keep-alive\n\n"), HEARTBEAT_MS);
    } catch (error) {
      // Headers may be sent already: end the stream; the browser reconnects.
      if (res.headersSent) res.destroy();
      else throw error;
    }
  };
}
