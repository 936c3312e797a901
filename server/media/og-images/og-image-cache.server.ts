import { RenderGate, SingleFlight } from "#server/core/single-flight.server";

/** Bytes of PNG kept in memory: about 300 cards of ~100 KB. */
export const OG_IMAGE_CACHE_BYTES = 32 * 1024 * 1024;
/** sharp runs on libuv's threads; two renders at once leave the pages their share of the CPU. */
const RENDERS_AT_ONCE = 2;
/**
 * Renders allowed to wait for a turn. Distinct comparisons are countless (any 2 to 4 of the
 * tools), so without a bound anyone could queue renders without end and flush the cache with them.
 */
export const OG_RENDERS_WAITING_MAX = 8;

/**
 * The generated Open Graph images, least recently used first out, bounded by their bytes. A key
 * names a tool's or a comparison's version (slug and updatedAt), so an entry is never stale: a
 * changed tool asks for a new key and the old one ages out. One render per key at a time; those
 * who ask while it runs get its result. A new render while the queue is full is refused (null).
 */
export class OgImageCache {
  readonly #entries = new Map<string, Buffer>();
  #bytes = 0;
  readonly #flight = new SingleFlight<Buffer>();
  readonly #gate = new RenderGate(RENDERS_AT_ONCE);
  /** Renders started and not finished, running or waiting: counted as they start, not a tick later. */
  #rendering = 0;

  constructor(
    private readonly maxBytes = OG_IMAGE_CACHE_BYTES,
    private readonly maxWaiting = OG_RENDERS_WAITING_MAX,
  ) {}

  async get(key: string, render: () => Promise<Buffer>): Promise<Buffer | null> {
    const hit = this.#entries.get(key);
    if (hit) {
      // Map order is the recency order: a hit moves to the back.
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit;
    }
    if (!this.#flight.isRunning(key)) {
      if (this.#rendering >= RENDERS_AT_ONCE + this.maxWaiting) return null;
      this.#rendering += 1;
    }
    return this.#flight.run(key, async () => {
      try {
        const png = await this.#gate.run(render);
        this.#store(key, png);
        return png;
      } finally {
        this.#rendering -= 1;
      }
    });
  }

  /** Whether `key` costs no render: cached, or rendering for someone else right now. */
  has(key: string): boolean {
    return this.#entries.has(key) || this.#flight.isRunning(key);
  }

  get size(): number {
    return this.#entries.size;
  }

  #store(key: string, png: Buffer): void {
    if (png.length > this.maxBytes) return;
    this.#entries.set(key, png);
    this.#bytes += png.length;
    for (const [oldest, bytes] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= bytes.length;
    }
  }
}
