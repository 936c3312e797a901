import { once } from "node:events";
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { AppError } from "#server/core/errors.server";
import { authHandler } from "#server/http/auth-handler.server";
import { handleErrors } from "#server/http/error-handler.server";
import { readJsonBody } from "#server/http/request-body.server";
import { rejectMalformedRequests } from "#server/http/request-guard.server";
import { sameOriginWrites } from "#server/http/same-origin-writes.server";
import { securityHeaders } from "#server/http/security-headers.server";
import { toWebRequest } from "#server/http/web-request.server";
import { buildTestAuth } from "./test-auth";
import { openTestDatabase } from "./test-database";

// The HTTP edge as server/http.server.ts assembles it, on a real Better Auth and
// database, driven with raw requests a browser would never send.

const APP_URL = "http://localhost:3999";
let database: DatabaseHandle;
let server: Server;
let port: number;
const logged: unknown[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const auth = buildTestAuth(database, { appUrl: APP_URL });
  const app = express();
  app.set("trust proxy", "loopback");
  app.use(securityHeaders(true, false));
  app.use(rejectMalformedRequests(APP_URL));
  app.use(sameOriginWrites(APP_URL));
  app.all("/api/auth/{*path}", authHandler(auth, new URL(APP_URL).origin));
  app.post("/api/echo", async (req, res) => {
    res.json({ body: await readJsonBody(req) });
  });
  app.get("/api/broken", () => {
    throw new Error("a bug");
  });
  app.get("/api/refused", () => {
    throw new AppError("FORBIDDEN", "No.");
  });
  app.get("/half-sent", async (_req, res) => {
    await new Promise((resolve) => res.write("<p>partial", resolve));
    throw new Error("failed midway");
  });
  app.get("/", (_req, res) => {
    res.send("home");
  });
  const logger = pino(
    { level: "error" },
    { write: (line: string) => logged.push(JSON.parse(line)) },
  );
  app.use(handleErrors(logger));
  server = createServer({ maxHeaderSize: 16 * 1024 }, app);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await database.close();
});

interface RawAnswer {
  status: number;
  head: string;
  body: string;
}

/**
 * Sends bytes as they are and reads the answer until the server closes the connection. The
 * sending side stays open (as a browser's does) unless `isHalfClosed`: a server may drop a
 * half-closed connection before it answers.
 */
function rawRequest(request: string | Buffer, isHalfClosed = false): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const [head = "", body = ""] = text.split("\r\n\r\n", 2);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body });
    });
    if (isHalfClosed) socket.end(request);
    else socket.write(request);
  });
}

function get(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const lines = Object.entries({ Host: `127.0.0.1:${port}`, Connection: "close", ...headers })
    .filter(([, value]) => value !== "")
    .map(([name, value]) => `${name}: ${value}`);
  return rawRequest(`GET ${path} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n`);
}

function post(path: string, body: string | Buffer, headers: Record<string, string> = {}) {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
  const lines = Object.entries({
    Host: `127.0.0.1:${port}`,
    Connection: "close",
    "Content-Type": "application/json",
    "Content-Length": String(bytes.length),
    ...headers,
  }).map(([name, value]) => `${name}: ${value}`);
  return rawRequest(
    Buffer.concat([Buffer.from(`POST ${path} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n`), bytes]),
  );
}

describe("requests that once crashed or confused the server", () => {
  it("answers X-Forwarded-Proto: 1 on the auth handler with 400 and keeps serving", async () => {
    const answer = await get("/api/auth/get-session", { "X-Forwarded-Proto": "1" });
    expect(answer.status).toBe(400);
    expect((await get("/api/auth/get-session")).status).toBe(200);
  });

  it("answers a Host with a space with 400, not 500, with the security headers", async () => {
    const answer = await get("/", { Host: "a b" });
    expect(answer.status).toBe(400);
    expect(answer.head).toMatch(/^x-content-type-options: nosniff$/im);
    expect(answer.head).toMatch(/^content-security-policy: .*frame-ancestors 'none'/im);
    // No injected <base> can send the page's relative links and scripts elsewhere.
    expect(answer.head).toMatch(/^content-security-policy: .*base-uri 'none'/im);
  });

  it("refuses a host name that is neither APP_URL's nor a literal address (DNS rebinding)", async () => {
    expect((await get("/", { Host: "attacker.example" })).status).toBe(400);
    expect((await get("/", { Host: "localhost:3999" })).status).toBe(200);
    expect((await get("/", { Host: "[::1]:3999" })).status).toBe(200);
  });

  it("answers malformed forwarding headers, cookies, types, targets and encodings with 400", async () => {
    const answers = await Promise.all([
      get("/", { "X-Forwarded-For": "not-an-address" }),
      get("/", { "X-Forwarded-Host": "a b" }),
      get("/", { Cookie: "session=\u0001\u0002" }),
      get("/", { "Content-Type": ";;;" }),
      get("/%E0%A4%A"),
      rawRequest(
        `GET http://attacker.example/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
      ),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400, 400]);
  });
  it("answers a query that does not decode with 400 in the API's error shape", async () => {
    const answers = await Promise.all([
      get("/api/tools?search=%E0%A4%A"),
      get("/?search=ok&%ZZ=1"),
      get("/?q=100%"),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400]);
    expect(JSON.parse(answers[0]!.body)).toEqual({
      error: { code: "INVALID", message: "The address is not valid." },
    });
  });

  it("lets ordinary queries through: + for spaces, repeated keys, encoded text and bare names", async () => {
    const answers = await Promise.all([
      get("/?search=crm+tools&subcategory=CRM&subcategory=Ads"),
      get("/?search=%E0%A4%A4%E0%A4%BF+caf%C3%A9&sort=name&empty=&flag"),
      get("/?"),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
  });
});

describe("methods", () => {
  it("answers TRACE, which the Fetch API cannot carry, with 405 on every path", async () => {
    for (const path of ["/api/auth/get-session", "/"]) {
      const answer = await rawRequest(
        `TRACE ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
      );
      expect(answer.status, path).toBe(405);
      expect(answer.head).toMatch(/^allow: GET, HEAD, POST/im);
    }
  });
});

describe("bounded request bodies", () => {
  it("refuses a declared 60 MB body with 413 in the API's error shape, before reading it", async () => {
    const answer = await rawRequest(
      `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${60 * 1024 * 1024}\r\n\r\n{"email":`,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: "TOO_LARGE", message: "The request body is too large (at most 16 KB)." },
    });
  });

  it("stops reading a chunked body at its cap", async () => {
    const chunk = "x".repeat(8 * 1024);
    const chunks = Array.from({ length: 64 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    const answer = await rawRequest(
      `POST /api/echo HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${chunks.join("")}0\r\n\r\n`,
    );
    expect(answer.status).toBe(413);
  });

  it("refuses JSON nested deeper than 32 levels, invalid UTF-8 and other media types", async () => {
    const deep = `${'{"a":'.repeat(40)}1${"}".repeat(40)}`;
    const deepAnswer = await post("/api/echo", deep);
    expect(deepAnswer.status).toBe(400);
    expect(deepAnswer.body).toContain("is nested deeper than 32 levels");
    const invalidUtf8 = Buffer.concat([
      Buffer.from('{"name":"'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}'),
    ]);
    expect((await post("/api/echo", invalidUtf8)).status).toBe(400);
    expect((await post("/api/echo", "a=b", { "Content-Type": "text/plain" })).status).toBe(415);
    expect((await post("/api/auth/sign-in/email", deep)).status).toBe(400);
  });

  it("keeps answering after a body that breaks off before its Content-Length", async () => {
    const answer = await rawRequest(
      `POST /api/echo HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":1}`,
      true,
    );
    expect([0, 400]).toContain(answer.status);
    expect((await post("/api/echo", '{"a":1}')).body).toBe('{"body":{"a":1}}');
  });
});

describe("one error handler", () => {
  it("answers a bug with 500 and no details, and logs it with its stack", async () => {
    const answer = await get("/api/broken");
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: "INTERNAL", message: "Something went wrong on our side." },
    });
    expect(JSON.stringify(logged)).toContain("a bug");
    expect(answer.body).not.toContain("a bug");
  });

  it("answers a service's refusal with its own status and shape", async () => {
    const answer = await get("/api/refused");
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: "FORBIDDEN", message: "No." } });
  });

  it("cuts a response short when it fails after its headers went out", async () => {
    const answer = await get("/half-sent");
    expect(answer.status).toBe(200);
    expect(answer.body).not.toMatch(/0\r\n\r\n$/);
    expect((await get("/")).status).toBe(200);
  });
});

describe("the request URL", () => {
  it("comes from APP_URL and the path, whatever Host and X-Forwarded-* say", () => {
    const req = {
      method: "GET",
      originalUrl: "//attacker.example/api/auth/get-session?x=1",
      headers: {
        host: "attacker.example",
        "x-forwarded-host": "attacker.example",
        "x-forwarded-proto": "https",
      },
    } as unknown as express.Request;
    const res = { on: () => {}, writableFinished: false } as unknown as express.Response;
    const request = toWebRequest(req, res, "http://localhost:3999");
    expect(request.url).toBe("http://localhost:3999//attacker.example/api/auth/get-session?x=1");
    expect(new URL(request.url).host).toBe("localhost:3999");
  });
});
