import net from "node:net";

/**
 * A TCP proxy on 127.0.0.1 in front of a database server, whose line can be cut the way a
 * network fails: no reset, no close, the packets simply stop. Connections open at the cut go
 * silent for good; new ones are accepted and never answered. `restore` lets new connections
 * through again (the silent ones stay dead, as half-open connections do).
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  let isCut = false;
  let heldConnections = 0;
  let silencingText: string | null = null;
  const sockets = new Set<net.Socket>();
  const live = new Set<{ isSilent: boolean }>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    track(client);
    if (isCut) {
      heldConnections++;
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    const line = { isSilent: false };
    live.add(line);
    client.on("data", (chunk: Buffer) => {
      if (silencingText !== null && chunk.includes(silencingText)) {
        silencingText = null;
        line.isSilent = true;
      }
      if (!line.isSilent) upstream.write(chunk);
    });
    upstream.on("data", (chunk) => line.isSilent || client.write(chunk));
    const close = () => {
      live.delete(line);
      if (line.isSilent) return;
      client.destroy();
      upstream.destroy();
    };
    client.on("close", close);
    upstream.on("close", close);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    /** How many connections arrived while the line was cut (and were never answered). */
    get heldConnections() {
      return heldConnections;
    },
    /** `url` with its host and port replaced by the proxy's. */
    urlThrough(url: string) {
      const proxied = new URL(url);
      proxied.hostname = "127.0.0.1";
      proxied.port = String(port);
      return proxied.toString();
    },
    cut() {
      isCut = true;
      for (const line of live) line.isSilent = true;
      live.clear();
    },
    /**
     * The next connection to send `text` (a statement, say) goes silent right there: the server
     * accepted it and then never answers, as a hung server or a network that dies mid-query.
     */
    silenceWhenSent(text: string) {
      silencingText = text;
    },
    restore() {
      isCut = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
