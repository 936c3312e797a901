/**
 * Keeps a run wanted while any of its callers is: its signal aborts once every caller that gave a
 * signal has gone. A caller without one keeps it wanted to the end.
 */
class Interest {
  readonly #controller = new AbortController();
  #present = 0;
  #isKept = false;

  add(signal: AbortSignal | undefined): void {
    if (!signal) {
      this.#isKept = true;
      return;
    }
    if (signal.aborted) return;
    this.#present += 1;
    signal.addEventListener(
      "abort",
      () => {
        this.#present -= 1;
        if (this.#present === 0 && !this.#isKept) this.#controller.abort();
      },
      { once: true },
    );
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }
}

/**
 * One run per key at a time: callers that come while it runs get its result. The work's signal
 * aborts once every caller has gone, so work still waiting for a turn can be dropped.
 */
export class SingleFlight<T> {
  readonly #running = new Map<string, { promise: Promise<T>; interest: Interest }>();

  run(key: string, work: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const running = this.#running.get(key);
    if (running) {
      running.interest.add(signal);
      return running.promise;
    }
    const interest = new Interest();
    interest.add(signal);
    const promise = Promise.resolve()
      .then(() => work(interest.signal))
      .finally(() => this.#running.delete(key));
    this.#running.set(key, { promise, interest });
    return promise;
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
