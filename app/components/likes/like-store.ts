// spec 4 Like: what the page knows of like counts and of the signed-in person's likes, fed by the
// live stream (GET /api/live) and by the person's own clicks. One store per page; each button
// subscribes to its own tool, so an event re-renders only the cards it concerns.

type Listener = () => void;

export class LikeStore {
  #counts = new Map<string, number>();
  /** The person's liked tools; null until the stream has said (or when signed out). */
  #liked: Set<string> | null = null;
  #listeners = new Set<Listener>();

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

  /** spec 4: a count is never below 0. */
  setCount(toolId: string, likesTotal: number) {
    this.#counts.set(toolId, Math.max(0, likesTotal));
    this.#emit();
  }

  clearCounts() {
    this.#counts.clear();
    this.#emit();
  }

  setLiked(toolId: string, isLiked: boolean) {
    this.#liked ??= new Set();
    if (isLiked) this.#liked.add(toolId);
    else this.#liked.delete(toolId);
    this.#emit();
  }

  /** The liked tools as one comparable string; null while unknown. */
  likedSignature = (): string | null => (this.#liked ? [...this.#liked].sort().join(" ") : null);

  setAllLiked(toolIds: readonly string[] | null) {
    this.#liked = toolIds ? new Set(toolIds) : null;
    this.#emit();
  }

  #emit() {
    for (const listener of this.#listeners) listener();
  }
}
