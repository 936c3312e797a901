import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AI_DRAFT_LIMITS } from "~/lib/ai-draft";
import {
  askModel,
  backoffMs,
  chatCompletionsUrl,
  retryAfterMs,
} from "#server/services/ai-draft/ask-model.server";

// The model client's retries, backoff and Retry-After, on fake timers.

const KEY = "sk-unit-secret-9f8e7d";
const settings = { baseUrl: "http://127.0.0.1:9/v1/", apiKey: KEY, model: "m" };
const messages = { messages: [{ role: "user" as const, content: "hi" }] };

function answer(content: string): Response {
  return new Response(JSON.stringify({ choices: [{ message: { content } }] }), {
    status: 200,
    headers: { "content-type": "application/json" },
  });
}

function status(code: number, headers: Record<string, string> = {}): Response {
  return new Response("{}", { status: code, headers });
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Lets the client run until it is waiting on a timer, `ms` at a time. */
async function settle<T>(promise: Promise<T>, stepMs: number, steps: number): Promise<T> {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  for (let step = 0; step < steps; step += 1) await vi.advanceTimersByTimeAsync(stepMs);
  const settled = await outcome;
  if ("error" in settled) throw settled.error;
  return settled.value;
}

describe("askModel", () => {
  it("posts to {baseUrl}/chat/completions with the key, low temperature and JSON answers", async () => {
    fetchMock.mockResolvedValueOnce(answer('{"name":null}'));
    await expect(askModel(settings, messages)).resolves.toBe('{"name":null}');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("http://127.0.0.1:9/v1/chat/completions");
    expect((init.headers as Record<string, string>).authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.parse(init.body as string)).toMatchObject({
      model: "m",
      temperature: 0.1,
      response_format: { type: "json_object" },
    });
  });

  it("sends no Authorization header without a key, and never adds /v1", async () => {
    fetchMock.mockResolvedValueOnce(answer("{}"));
    await askModel({ baseUrl: "http://127.0.0.1:11434", apiKey: null, model: "m" }, messages);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("http://127.0.0.1:11434/chat/completions");
    expect(init.headers).not.toHaveProperty("authorization");
    expect(chatCompletionsUrl("https://api.example/v1//")).toBe(
      "https://api.example/v1/chat/completions",
    );
  });

  it("honours Retry-After in seconds on a 429 before trying again", async () => {
    fetchMock
      .mockResolvedValueOnce(status(429, { "retry-after": "7" }))
      .mockResolvedValueOnce(answer("{}"));
    const pending = askModel(settings, messages, { random: () => 0 });
    await vi.advanceTimersByTimeAsync(6_900);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await expect(pending).resolves.toBe("{}");
  });

  it("honours Retry-After as an HTTP date, capped at the longest backoff", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(retryAfterMs("Thu, 01 Jan 2026 00:00:05 GMT", now)).toBe(5_000);
    expect(retryAfterMs("3600", now)).toBe(AI_DRAFT_LIMITS.modelMaxBackoffMs);
    expect(retryAfterMs("soon", now)).toBeNull();
  });

  it("backs off 1 s, 2 s, 4 s on 5xx and gives up after modelTries", async () => {
    fetchMock.mockImplementation(() => Promise.resolve(status(503)));
    const pending = askModel(settings, messages, { random: () => 0 });
    const failed = expect(pending).rejects.toThrow(/HTTP 503.*Gave up after 4 tries/);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(fetchMock).toHaveBeenCalledTimes(AI_DRAFT_LIMITS.modelTries);
    await failed;
  });

  it("keeps jitter within a quarter and never waits longer than the cap", () => {
    expect(backoffMs(1, () => 0.999)).toBeLessThan(1_250);
    expect(backoffMs(10, () => 0.5)).toBe(AI_DRAFT_LIMITS.modelMaxBackoffMs);
  });

  it("gives up at once on a request that times out: the next would wait as long", async () => {
    fetchMock.mockImplementationOnce(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal!.addEventListener("abort", () => reject(new Error("aborted")));
        }),
    );
    const pending = askModel(settings, messages, { random: () => 0 });
    await expect(settle(pending, 1_000, 62)).rejects.toThrow(/did not answer within 60 seconds/);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("does not retry a refused key or a bad request", async () => {
    fetchMock.mockResolvedValueOnce(status(401));
    await expect(askModel(settings, messages)).rejects.toThrow(/refused the key \(HTTP 401\)/);
    fetchMock.mockResolvedValueOnce(status(400));
    await expect(askModel(settings, messages)).rejects.toThrow(/HTTP 400/);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("never puts the key in a thrown message or a progress message", async () => {
    const seen: unknown[] = [];
    fetchMock
      .mockResolvedValueOnce(status(429, { "retry-after": "1" }))
      .mockRejectedValueOnce(new Error(`connect failed with Bearer ${KEY}`))
      .mockResolvedValueOnce(status(500))
      .mockResolvedValueOnce(new Response(`not json ${KEY}`, { status: 200 }));
    const pending = askModel(settings, messages, { onProgress: (m) => seen.push(m) });
    await settle(pending, 1_000, 30).catch((error: unknown) => seen.push(error));
    expect(seen.length).toBeGreaterThan(3);
    for (const item of seen) {
      const text = item instanceof Error ? `${item.message} ${item.stack}` : JSON.stringify(item);
      expect(text).not.toContain(KEY);
    }
  });

  it("stops at once when cancelled while waiting", async () => {
    fetchMock.mockResolvedValue(status(503));
    const controller = new AbortController();
    const pending = askModel(settings, messages, { signal: controller.signal });
    const failed = expect(pending).rejects.toThrow(/cancelled/);
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    await failed;
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
