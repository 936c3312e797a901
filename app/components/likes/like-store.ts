// Like: what the page knows of like counts and of the signed-in person's likes. It starts
// from the page's data (the liked tools in the server render) and follows the live stream
// (GET /api/live) and the person's own clicks. One store per page and person; each button
// subscribes to its own tool, so an event re-renders only the cards it concerns.

import type { LikedState } from "~/lib/api/contract";

interface LikedChange {
  id: number;
  toolId: string;
  isLiked: boolean;
}

type Listener = () => void;

export class LikeStore {
  #counts = new Map<string, number>();
  /** The person's liked tools; null when signed out. */
  #liked: Set<string> | null;
  /** The live event the page's liked tools were read at: the stream opens after it. */
  readonly startEventId: number | null;
  /**
   * The person's own liked changes heard from the stream, in order, until liked tools read afresh
   * cover them (a handful per page).
   */
  #changes: LikedChange[] = [];
  #listeners = new Set<Listener>();

  constructor(counts: ReadonlyMap<string, number> = new Map(), liked: LikedState | null = null) {
    this.#counts = new Map(counts);
    this.#liked = liked ? new Set(liked.likedToolIds) : null;
    this.startEventId = liked?.liveEventId ?? null;
  }

  /** A store for another person (after sign-in or sign-out) that keeps the counts known so far. */
  forViewer(liked: LikedState | null): LikeStore {
    return new LikeStore(this.#counts, liked);
  }

  subscribe = (listener: Listener) => {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  };

  count(toolId: string): number | undefined {
    return this.#counts.get(toolId);
  }

  isLiked(toolId: string): boolean {
    return this.#liked?.has(toolId) ?? false;
  }

  /** The liked tools as one comparable string (sorted ids); null when signed out. */
  likedSignature = (): string | null => (this.#liked ? [...this.#liked].sort().join(" ") : null);

  /** A count is never below 0. */
  setCount(toolId: string, likesTotal: number) {
    this.#counts.set(toolId, Math.max(0, likesTotal));
    this.#emit();
  }

  clearCounts() {
    this.#counts.clear();
    this.#emit();
  }

  /** The person's own click, as the server answered it. */
  setLiked(toolId: string, isLiked: boolean) {
    if (!this.#liked) return;
    if (isLiked) this.#liked.add(toolId);
    else this.#liked.delete(toolId);
    this.#emit();
  }

  /** A "liked" event of the live stream, with its id. */
  applyLikedEvent(change: LikedChange) {
    if (!this.#liked) return;
    this.#changes.push(change);
    this.setLiked(change.toolId, change.isLiked);
  }

  /** Liked tools read at `eventId` came with the page's data: the changes up to it are in them. */
  forgetChangesThrough(eventId: number) {
    this.#changes = this.#changes.filter((change) => change.id > eventId);
  }

  /**
   * Starts again from liked tools read afresh (after the stream said "resync"): the changes heard
   * since they were read, which the list may lack, are applied on top, in order.
   */
  rebase(liked: LikedState) {
    if (!this.#liked) return;
    this.#changes = this.#changes.filter((change) => change.id > liked.liveEventId);
    this.#liked = new Set(liked.likedToolIds);
    for (const change of this.#changes) {
      if (change.isLiked) this.#liked.add(change.toolId);
      else this.#liked.delete(change.toolId);
    }
    this.#emit();
  }

  #emit() {
    for (const listener of this.#listeners) listener();
  }
}
