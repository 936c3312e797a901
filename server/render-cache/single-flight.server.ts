/** One run per key at a time: callers that come while it runs get its result. */
export class SingleFlight<T> {
  readonly #running = new Map<string, Promise<T>>();

  run(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.#running.get(key);
    if (running) return running;
    const started = Promise.resolve()
      .then(work)
      .finally(() => this.#running.delete(key));
    this.#running.set(key, started);
    return started;
  }

  isRunning(key: string): boolean {
    return this.#running.has(key);
  }
}

/** At most `limit` runs at once; the others wait their turn, first come first served. */
export class RenderGate {
  #active = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#active >= this.limit) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#active += 1;
    }
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      // The slot passes straight to the next in line.
      if (next) next();
      else this.#active -= 1;
    }
  }

  get waiting(): number {
    return this.#waiting.length;
  }
}
