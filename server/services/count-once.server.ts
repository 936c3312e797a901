/** 30 minutes: a client's views of one tool within it are one view. */
export const VIEW_REPEAT_WINDOW_MS = 30 * 60_000;

/**
 * Keys seen within the last `windowMs`, in memory and at most `cap` of them: `isFirst` says
 * whether a key is new for the window. Every key lives equally long, so insertion order is expiry
 * order: expired keys are dropped from the front, and at the cap the oldest key goes first. An
 * evicted key counts again, so the cap must stay well above what honest clients fill in a window.
 */
export class OncePerWindow {
  readonly #seenUntil = new Map<string, number>();

  constructor(
    private readonly windowMs: number,
    private readonly cap: number,
  ) {}

  isFirst(key: string, now: number = Date.now()): boolean {
    this.#dropExpired(now);
    const until = this.#seenUntil.get(key);
    if (until !== undefined && until > now) return false;
    if (this.#seenUntil.size >= this.cap) {
      this.#seenUntil.delete(this.#seenUntil.keys().next().value!);
    }
    this.#seenUntil.set(key, now + this.windowMs);
    return true;
  }

  get size(): number {
    return this.#seenUntil.size;
  }

  #dropExpired(now: number) {
    for (const [key, until] of this.#seenUntil) {
      if (until > now) return;
      this.#seenUntil.delete(key);
    }
  }
}

/**
 * Up to `max` units per key and clock minute, in memory, for at most `cap` keys a minute (a key
 * beyond the cap gets nothing that minute). `take` answers how many of `wanted` units are allowed.
 */
export class PerMinuteBudget {
  #minute = -1;
  #used = new Map<string, number>();

  constructor(
    private readonly max: number,
    private readonly cap: number,
  ) {}

  take(key: string, wanted: number, now: number = Date.now()): number {
    const minute = Math.floor(now / 60_000);
    if (minute !== this.#minute) {
      this.#minute = minute;
      this.#used = new Map();
    }
    const used = this.#used.get(key);
    if (used === undefined && this.#used.size >= this.cap) return 0;
    const allowed = Math.max(0, Math.min(wanted, this.max - (used ?? 0)));
    this.#used.set(key, (used ?? 0) + allowed);
    return allowed;
  }
}
