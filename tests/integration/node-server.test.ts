import { once } from "node:events";
import type { Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pino from "pino";
import { createNodeServer, logUnhandledRejection } from "#server/http/node-server.server";

// The limits and answers of the Node server itself, before the app sees a request.

let server: Server;
let port: number;

beforeAll(async () => {
  server = createNodeServer((_req, res) => res.end("ok"));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** Sends `request` and reads until the server closes; `resetAfterMs` resets the line instead. */
function send(request: string, resetAfterMs?: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.on("data", (chunk) => (text += String(chunk)));
    socket.on("error", () => resolve(text));
    socket.on("close", () => resolve(text));
    socket.write(request);
    if (resetAfterMs !== undefined) setTimeout(() => socket.resetAndDestroy(), resetAfterMs);
  });
}

describe("the Node server", () => {
  it("answers CONNECT with 405, and a client resetting after CONNECT cannot stop it", async () => {
    const tunnel = "CONNECT elsewhere:443 HTTP/1.1\r\nHost: elsewhere:443\r\n\r\n";
    await Promise.all(Array.from({ length: 10 }, () => send(tunnel, 0)));
    expect(await send(tunnel)).toMatch(/^HTTP\/1\.1 405 /);
    expect(await send("GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")).toMatch(/ok$/);
  });

  it("answers a Content-Length that is not a number with 400", async () => {
    const lying = "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: abc\r\n\r\n";
    expect(await send(lying)).toMatch(/^HTTP\/1\.1 400 /);
  });

  it("answers headers over 16 KB with 431", async () => {
    const big = `GET / HTTP/1.1\r\nHost: a\r\nX-Big: ${"x".repeat(17 * 1024)}\r\n\r\n`;
    expect(await send(big)).toMatch(/^HTTP\/1\.1 431 /);
  });
});

describe("the process", () => {
  it("logs a rejection nobody handled, with its stack", () => {
    const lines: string[] = [];
    const logger = pino({ level: "error" }, { write: (line: string) => lines.push(line) });
    logUnhandledRejection(logger)(new Error("escaped"));
    const logged = JSON.parse(lines[0]!) as {
      msg: string;
      err: { message: string; stack: string };
    };
    expect(logged.msg).toBe("unhandled rejection");
    expect(logged.err.message).toBe("escaped");
    expect(logged.err.stack).toContain("node-server.test.ts");
  });
});
