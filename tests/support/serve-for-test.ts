import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ServedForTest {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string;
  /** Ends open connections (keep-alive ones too) and stops listening. */
  close(): void;
}

/** Serves a handler (an Express app, a router) on a free loopback port for one suite. */
export async function serveForTest(handler: http.RequestListener): Promise<ServedForTest> {
  const server = http.createServer(handler).listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}
