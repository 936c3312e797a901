import http from "node:http";

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The whole body: an answer whose body was cut off is an error, never an answer. */
  body: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  body?: string;
  agent?: http.Agent;
  timeoutMs?: number;
  /** Sees the body as it arrives (a stream's lines count even if the answer is cut off later). */
  onData?: (text: string) => void;
}

/**
 * One request on node:http (not fetch), so that which connections are reused is ours to decide: a
 * killed server's pooled connections must not meet the restarted one.
 */
export function sendRequest(
  base: string,
  method: string,
  path: string,
  { headers = {}, body, agent, timeoutMs = 30_000, onData }: RequestOptions = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(path, base),
      {
        method,
        agent: agent ?? false,
        headers:
          body === undefined ? headers : { ...headers, "content-length": Buffer.byteLength(body) },
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          onData?.(chunk.toString("utf8"));
        });
        response.on("error", reject);
        response.on("close", () => {
          if (!response.complete) reject(new Error("The answer was cut off"));
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    request.on("timeout", () => request.destroy(new Error(`No answer within ${timeoutMs} ms`)));
    request.on("error", reject);
    request.end(body);
  });
}

/** The cookies an answer sets, as one Cookie header. */
export function cookiesOf(answer: HttpAnswer): string {
  return (answer.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]).join("; ");
}

/**
 * Signs in by email and password, as the sign-in page does, from its own client address (the
 * server trusts X-Forwarded-For from loopback), so per-address sign-in limits never meet.
 */
export async function signIn(
  base: string,
  credentials: { email: string; password: string },
  clientAddress: string,
): Promise<string> {
  const answer = await sendRequest(base, "POST", "/api/auth/sign-in/email", {
    headers: {
      "content-type": "application/json",
      origin: base,
      "x-forwarded-for": clientAddress,
    },
    body: JSON.stringify(credentials),
  });
  const cookie = cookiesOf(answer);
  if (answer.status !== 200 || !cookie.includes("session_token")) {
    throw new Error(
      `Sign-in of ${credentials.email}: ${answer.status} ${answer.body.slice(0, 200)}`,
    );
  }
  return cookie;
}
