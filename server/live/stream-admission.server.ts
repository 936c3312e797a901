import { addressKeyOf, networkKeyOf } from "../rate-limit/client-key.server";

export interface StreamLimits {
  /** Streams this process serves at most (`liveStreamCapacity`). */
  maxStreams: number;
  /** Streams one client (an IPv4 address, an IPv6 /64) may hold while the process is empty. */
  maxPerClient: number;
  /** Streams one network (an IPv6 /56, several /64 of one site) may hold while it is empty. */
  maxPerNetwork: number;
}

export type Admission =
  | { isAdmitted: true; release(): void }
  /** "full": the process serves all it can; "client": this client or its network holds its share. */
  | { isAdmitted: false; reason: "full" | "client" };

/**
 * Who may open one more live stream. A client's share is its allowance scaled by the part of the
 * process still free, and never below one:
 *
 *   share = max(1, floor(allowance * (1 - open / maxStreams)))
 *
 * so a client that already holds streams gets fewer the fuller the process is, while one that
 * holds none always gets one until the process is full. A few greedy clients cannot fill it: each
 * stops where its holding meets its shrinking share (20 addresses of 50 each stop near half of
 * 1,000), and once less than 2 / allowance of the process is free, only clients that hold none
 * get one. An IPv6 client is held to both its /64's share and its /56's.
 */
export class StreamAdmission {
  #open = 0;
  readonly #byClient = new Map<string, number>();
  readonly #byNetwork = new Map<string, number>();

  constructor(private readonly limits: StreamLimits) {}

  get openCount(): number {
    return this.#open;
  }

  admit(ip: string): Admission {
    if (this.#open >= this.limits.maxStreams) return { isAdmitted: false, reason: "full" };
    const client = addressKeyOf(ip);
    const network = networkKeyOf(ip);
    if (
      (this.#byClient.get(client) ?? 0) >= this.#shareOf(this.limits.maxPerClient) ||
      (this.#byNetwork.get(network) ?? 0) >= this.#shareOf(this.limits.maxPerNetwork)
    ) {
      return { isAdmitted: false, reason: "client" };
    }
    this.#open++;
    add(this.#byClient, client, 1);
    add(this.#byNetwork, network, 1);
    let isReleased = false;
    return {
      isAdmitted: true,
      release: () => {
        if (isReleased) return;
        isReleased = true;
        this.#open--;
        add(this.#byClient, client, -1);
        add(this.#byNetwork, network, -1);
      },
    };
  }

  #shareOf(allowance: number): number {
    const free = 1 - this.#open / this.limits.maxStreams;
    return Math.max(1, Math.floor(allowance * free));
  }
}

function add(counts: Map<string, number>, key: string, change: number) {
  const count = (counts.get(key) ?? 0) + change;
  if (count > 0) counts.set(key, count);
  else counts.delete(key);
}
