import type { Server, ServerResponse } from "node:http";

/**
 * The requests a Node server is answering, so that a stop can let them finish (decision 025).
 * Created with the server, before it listens: every request is seen.
 */
export class HttpDrain {
  readonly #inFlight = new Set<ServerResponse>();
  #isDraining = false;

  constructor(private readonly server: Server) {
    // First among the request listeners, so a response the app ends at once is still counted.
    server.prependListener("request", (_req, res: ServerResponse) => {
      this.#inFlight.add(res);
      if (this.#isDraining) res.shouldKeepAlive = false;
      res.once("close", () => {
        this.#inFlight.delete(res);
        // Its connection may now be idle: a drain closes it rather than keep it alive.
        if (this.#isDraining) setImmediate(() => this.server.closeIdleConnections());
      });
    });
  }

  get inFlightCount(): number {
    return this.#inFlight.size;
  }

  /**
   * Stops accepting connections (a new one is refused), closes idle keep-alive connections at
   * once, answers what is in flight with `Connection: close`, and waits up to `graceMs` for it;
   * then closes every connection left. Resolves with how many requests were cut off.
   */
  async drain(graceMs: number): Promise<{ cutOff: number }> {
    this.#isDraining = true;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const res of this.#inFlight) {
      if (!res.headersSent) res.shouldKeepAlive = false;
    }
    this.server.closeIdleConnections();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const isLate = await Promise.race([
      closed.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), graceMs);
      }),
    ]);
    clearTimeout(timer);
    const cutOff = isLate ? this.#inFlight.size : 0;
    if (isLate) this.server.closeAllConnections();
    await closed;
    return { cutOff };
  }
}
