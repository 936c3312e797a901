// Decision 023: every page render (a cache miss, a stale page rendered again, a page rendered for
// one request, signed in or not) spends from one budget. A bounded number run at once, a bounded
// cost waits, each client holds a bounded share of both, and a render whose client has gone is
// dropped before it starts: a flood of renders costs its sender, not the other visitors.

/** A render asked for. */
export interface RenderDemand {
  /** Who asked: the client key the rate limits use (addressKeyOf), or a name for the server's own. */
  client: string;
  /** In units of a plain page (renderCostOf). */
  cost: number;
  /** Aborts when the client has gone; a render still waiting then never starts. */
  signal?: AbortSignal;
}

export interface RenderBudgetOptions {
  /** Renders running at once. */
  slots: number;
  /** The cost that may wait for a slot, all clients together. */
  maxWaitingCost: number;
  /** The cost one client may have running and waiting together. */
  clientShare: number;
}

/**
 * The budget of a process on this many cores. Renders run on the event loop, so more at once than
 * cores only interleave them. A plain page renders in tens of milliseconds, so the waiting cost
 * drains within about a second; a client's share holds one flood page (6) and a plain one, or
 * eight plain pages: more than a person's tabs ask for at once.
 */
export function renderBudgetOf(cores: number): RenderBudgetOptions {
  const slots = Math.max(2, cores);
  return { slots, maxWaitingCost: 16 * slots, clientShare: 8 };
}

/** Refused at once: the queue is full ("busy") or the client holds its share ("over-share"). */
export class RenderRefused extends Error {
  constructor(readonly reason: "busy" | "over-share") {
    super(reason === "busy" ? "Too many renders are waiting" : "The client holds its render share");
    this.name = "RenderRefused";
  }
}

/** The client went away while its render waited: it was dropped and never ran. */
export class RenderAbandoned extends Error {
  constructor() {
    super("The client went away before its render started");
    this.name = "RenderAbandoned";
  }
}

interface Waiter {
  cost: number;
  start: () => void;
}

export class RenderBudget {
  #running = 0;
  #waitingCost = 0;
  /** First come first served; a waiter whose client leaves is taken out at once. */
  readonly #waiting: Waiter[] = [];
  /** The cost each client has running or waiting. */
  readonly #held = new Map<string, number>();
  #refused = 0;
  #abandoned = 0;

  constructor(private readonly options: RenderBudgetOptions) {}

  /** Runs the work within the budget, or throws RenderRefused or RenderAbandoned. */
  async run<T>(demand: RenderDemand, work: () => Promise<T>): Promise<T> {
    if (demand.signal?.aborted) throw this.#abandon();
    const held = this.#held.get(demand.client) ?? 0;
    // A client holding nothing may always ask, so a page dearer than the share still renders.
    if (held > 0 && held + demand.cost > this.options.clientShare) {
      throw this.#refuse("over-share");
    }
    const mustWait = this.#running >= this.options.slots || this.#waiting.length > 0;
    if (mustWait && this.#waitingCost + demand.cost > this.options.maxWaitingCost) {
      throw this.#refuse("busy");
    }
    this.#held.set(demand.client, held + demand.cost);
    try {
      if (mustWait) await this.#turn(demand);
      else this.#running += 1;
      try {
        return await work();
      } finally {
        this.#passSlot();
      }
    } finally {
      this.#release(demand);
    }
  }

  get stats() {
    return {
      running: this.#running,
      waiting: this.#waiting.length,
      waitingCost: this.#waitingCost,
      refused: this.#refused,
      abandoned: this.#abandoned,
    };
  }

  #turn({ cost, signal }: RenderDemand): Promise<void> {
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
        this.#waitingCost -= cost;
        reject(this.#abandon());
      };
      const waiter: Waiter = {
        cost,
        start: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      this.#waiting.push(waiter);
      this.#waitingCost += cost;
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** The slot passes straight to the next in line. */
  #passSlot(): void {
    const next = this.#waiting.shift();
    if (!next) {
      this.#running -= 1;
      return;
    }
    this.#waitingCost -= next.cost;
    next.start();
  }

  #release({ client, cost }: RenderDemand): void {
    const left = (this.#held.get(client) ?? 0) - cost;
    if (left > 0) this.#held.set(client, left);
    else this.#held.delete(client);
  }

  #refuse(reason: RenderRefused["reason"]): RenderRefused {
    this.#refused += 1;
    return new RenderRefused(reason);
  }

  #abandon(): RenderAbandoned {
    this.#abandoned += 1;
    return new RenderAbandoned();
  }
}
