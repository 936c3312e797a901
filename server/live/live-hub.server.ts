import type { LiveEvent } from "./live-events.server";

export interface Resync {
  type: "resync";
}
const RESYNC: Resync = { type: "resync" };

/** The server is shutting down: every stream ends, telling its browser to reconnect elsewhere. */
export interface Closing {
  type: "closing";
}
const CLOSING: Closing = { type: "closing" };

export type HubMessage = LiveEvent | Resync | Closing;

/** How many recent events a server keeps for browsers that reconnect (Last-Event-ID). */
const RECENT_EVENTS = 5000;

/**
 * This server's side of the live stream: the events it heard (from any server, through
 * LISTEN/NOTIFY), the most recent kept for resuming, handed to every open stream.
 */
export class LiveHub {
  #recent: LiveEvent[] = [];
  #subscribers = new Set<(message: HubMessage) => void>();
  #isClosing = false;

  receive(event: LiveEvent) {
    this.#recent.push(event);
    if (this.#recent.length > RECENT_EVENTS)
      this.#recent.splice(0, this.#recent.length - RECENT_EVENTS);
    for (const subscriber of this.#subscribers) subscriber(event);
  }

  subscribe(subscriber: (message: HubMessage) => void): () => void {
    this.#subscribers.add(subscriber);
    return () => this.#subscribers.delete(subscriber);
  }

  /**
   * The events after `lastId`, for a browser that reconnects; null when this server cannot know
   * them all (they are older than what it keeps, or from before it started listening): the
   * browser must start afresh. Ids can have gaps (a rolled-back write), so this errs on the side
   * of a fresh start.
   */
  since(lastId: number): LiveEvent[] | null {
    const oldest = this.#recent[0];
    if (!oldest || oldest.id > lastId + 1) return null;
    return this.#recent.filter((event) => event.id > lastId);
  }

  /**
   * Events may have been missed (the listening connection was lost): forget what was kept and
   * tell every open stream so.
   */
  resync() {
    this.#recent = [];
    for (const subscriber of this.#subscribers) subscriber(RESYNC);
  }

  /** Shutdown: every open stream is told to close, and streams opened from now on close at once. */
  close() {
    this.#isClosing = true;
    for (const subscriber of this.#subscribers) subscriber(CLOSING);
  }

  get isClosing() {
    return this.#isClosing;
  }

  get subscriberCount() {
    return this.#subscribers.size;
  }
}
