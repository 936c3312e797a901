import type express from "express";
import type { Application } from "../boot.server";
import type { LiveEvent } from "../live/live-events.server";
import { signedInOf } from "./signed-in.server";

const HEARTBEAT_MS = 25_000;
const RECONNECT_MS = 3000;

function message(event: string, data: unknown, id?: number) {
  return `${id === undefined ? "" : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * GET /api/live: Server-Sent Events. Everyone gets like counts ("likes"); a signed-in person
 * also gets their own like state ("me" on connect, then "liked"), on every device at once.
 * Reconnecting with Last-Event-ID replays what was missed, or says "resync" when that is gone.
 */
export function liveStream(app: Application): express.RequestHandler {
  return async (req, res) => {
    const signedIn = await signedInOf(app, req);
    const userId = signedIn?.viewer.id ?? null;
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    res.write(`retry: ${RECONNECT_MS}\n\n`);

    const send = (event: LiveEvent) => {
      if (event.type !== "like") return;
      res.write(message("likes", { toolId: event.toolId, likesTotal: event.likesTotal }, event.id));
      if (event.userId === userId) {
        res.write(message("liked", { toolId: event.toolId, isLiked: event.isLiked }, event.id));
      }
    };
    // Subscribe first, so nothing falls between the replay and the live events.
    const buffered: LiveEvent[] = [];
    const replayed = new Set<number>();
    let isReplaying = true;
    const unsubscribe = app.live.subscribe((event) => {
      if (isReplaying) buffered.push(event);
      else send(event);
    });

    const lastId = Number(req.get("last-event-id") ?? req.query.lastEventId ?? Number.NaN);
    if (Number.isInteger(lastId) && lastId >= 0) {
      const missed = app.live.since(lastId);
      if (missed) {
        for (const event of missed) {
          send(event);
          replayed.add(event.id);
        }
      } else {
        res.write(message("resync", {}));
      }
    }
    if (userId) {
      res.write(message("me", { likedToolIds: await app.services.listLikedToolIds(userId) }));
    }
    isReplaying = false;
    for (const event of buffered) if (!replayed.has(event.id)) send(event);

    const heartbeat = setInterval(() => res.write(": keep-alive\n\n"), HEARTBEAT_MS);
    req.on("close", () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  };
}
