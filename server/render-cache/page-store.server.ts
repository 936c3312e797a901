// Decision 013: the render cache's memory. Entries are bounded by their bytes (every stored form
// counted), the least recently used goes first, and long-tail pages (searches) live in a share of
// their own, admitted only when asked for twice, so a flood of distinct searches can neither
// fill the memory nor push the core pages (home, listings, tool pages) out.

/** What the store needs to know of an entry. */
export interface Sized {
  /** Every byte the entry holds: each stored form, its headers and its key. */
  bytes: number;
}

export interface PageStoreOptions {
  maxBytes: number;
  /** The share of maxBytes long-tail entries may take together. */
  longTailShare: number;
}

interface Slot<E> {
  entry: E;
  isLongTail: boolean;
}

/** Entries by key, in least-recently-used order, within a byte cap. */
export class PageStore<E extends Sized> {
  readonly #maxBytes: number;
  readonly #maxLongTailBytes: number;
  /** Map order is use order: the first key is the least recently used. */
  readonly #core = new Map<string, Slot<E>>();
  readonly #longTail = new Map<string, Slot<E>>();
  #bytes = 0;
  #longTailBytes = 0;
  #evictions = 0;

  constructor({ maxBytes, longTailShare }: PageStoreOptions) {
    this.#maxBytes = maxBytes;
    this.#maxLongTailBytes = Math.floor(maxBytes * longTailShare);
  }

  get(key: string): E | undefined {
    const [map, slot] = this.#find(key);
    if (!map || !slot) return undefined;
    map.delete(key);
    map.set(key, slot);
    return slot.entry;
  }

  /**
   * Stores an entry unless it cannot fit: a long-tail entry pushes out only other long-tail
   * entries (least recently used first); a core entry pushes out long-tail entries first, then
   * the least recently used core ones. Returns whether it is stored.
   */
  set(key: string, entry: E, isLongTail: boolean): boolean {
    this.delete(key);
    if (isLongTail) {
      if (entry.bytes > this.#maxLongTailBytes) return false;
      while (this.#longTailBytes + entry.bytes > this.#maxLongTailBytes) this.#evictOldest(true);
      if (this.#bytes + entry.bytes > this.#maxBytes) return false;
    } else {
      if (entry.bytes > this.#maxBytes) return false;
      while (this.#bytes + entry.bytes > this.#maxBytes) this.#evictOldest(this.#longTail.size > 0);
    }
    (isLongTail ? this.#longTail : this.#core).set(key, { entry, isLongTail });
    this.#bytes += entry.bytes;
    if (isLongTail) this.#longTailBytes += entry.bytes;
    return true;
  }

  delete(key: string): void {
    const [map, slot] = this.#find(key);
    if (!map || !slot) return;
    map.delete(key);
    this.#release(slot);
  }

  clear(): void {
    this.#core.clear();
    this.#longTail.clear();
    this.#bytes = 0;
    this.#longTailBytes = 0;
  }

  get stats() {
    return {
      entries: this.#core.size + this.#longTail.size,
      bytes: this.#bytes,
      longTailBytes: this.#longTailBytes,
      evictions: this.#evictions,
    };
  }

  #find(key: string): [Map<string, Slot<E>> | undefined, Slot<E> | undefined] {
    const core = this.#core.get(key);
    if (core) return [this.#core, core];
    const longTail = this.#longTail.get(key);
    return longTail ? [this.#longTail, longTail] : [undefined, undefined];
  }

  #evictOldest(isLongTail: boolean): void {
    const map = isLongTail ? this.#longTail : this.#core;
    const oldest = map.entries().next().value;
    if (!oldest) return;
    map.delete(oldest[0]);
    this.#release(oldest[1]);
    this.#evictions += 1;
  }

  #release(slot: Slot<E>): void {
    this.#bytes -= slot.entry.bytes;
    if (slot.isLongTail) this.#longTailBytes -= slot.entry.bytes;
  }
}

export interface DoorkeeperOptions {
  /** How many distinct keys it remembers; the oldest are forgotten first. */
  capacity: number;
  /** A second request counts when it comes within this time of the first. */
  windowMs: number;
}

/**
 * Remembers which long-tail keys were asked for recently, in bounded memory: a key is admitted
 * to the store once it was asked for a second time within the window.
 */
export class Doorkeeper {
  readonly #seen = new Map<string, { at: number; isRepeated: boolean }>();

  constructor(private readonly options: DoorkeeperOptions) {}

  /** Notes a request for the key. */
  record(key: string, now: number): void {
    const seen = this.#seen.get(key);
    const isRepeated = seen !== undefined && now - seen.at < this.options.windowMs;
    this.#seen.delete(key);
    this.#seen.set(key, { at: isRepeated ? seen.at : now, isRepeated });
    if (this.#seen.size > this.options.capacity) {
      this.#seen.delete(this.#seen.keys().next().value!);
    }
  }

  /** Whether the key was asked for twice within the window. */
  admits(key: string, now: number): boolean {
    const seen = this.#seen.get(key);
    return seen !== undefined && seen.isRepeated && now - seen.at < this.options.windowMs;
  }
}
