import { z } from "zod";
import { AI_DRAFT_LIMITS } from "~/lib/ai-draft";
import type { ModelSettings, ReportProgress } from "./draft-types.server";

// One chat-completions request to any OpenAI-compatible API (hosted, Ollama,
// llama.cpp), with a timeout and retries with backoff on 429, 5xx and dropped connections.
// LLM_BASE_URL is the operator's own setting, often a local server, so it is not sent through the
// guarded fetcher.
// No message here ever holds the key: errors are built from statuses and our own words only.

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface AskModelOptions {
  signal?: AbortSignal;
  onProgress?: ReportProgress;
  /** Waits between tries (tests pass fake timers' sleep). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The current time in ms, for Retry-After dates. */
  now?: () => number;
  /** 0..1, for the backoff's jitter. */
  random?: () => number;
  /** One request's timeout; AI_DRAFT_LIMITS.modelTimeoutMs unless a test shortens it. */
  timeoutMs?: number;
}

/** A model request that failed for good: the reason in words, never holding the key. */
export class ModelError extends Error {
  constructor(
    message: string,
    /** Whether another try might succeed (429, 5xx, a dropped connection). */
    readonly retryable: boolean,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = "ModelError";
  }
}

const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504]);

const completionSchema = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.string().nullable().optional() }) }))
    .min(1),
});

export function chatCompletionsUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/chat/completions`;
}

function cancelled(): ModelError {
  return new ModelError("The draft was cancelled.", false);
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancelled());
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Retry-After in seconds or as an HTTP date, capped; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(trimmed)) ms = Number(trimmed) * 1000;
  else {
    const date = Date.parse(trimmed);
    if (Number.isNaN(date)) return null;
    ms = date - now;
  }
  return Math.min(Math.max(ms, 0), AI_DRAFT_LIMITS.modelMaxBackoffMs);
}

/** 1 s, 2 s, 4 s… with up to 25% jitter, capped. */
export function backoffMs(failedTries: number, random: () => number): number {
  const base = 1000 * 2 ** (failedTries - 1);
  return Math.min(base * (1 + random() * 0.25), AI_DRAFT_LIMITS.modelMaxBackoffMs);
}

async function tryOnce(
  settings: ModelSettings,
  body: unknown,
  signal: AbortSignal | undefined,
  now: () => number,
  timeoutMs: number,
): Promise<string> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const onAbort = (): void => timeout.abort();
  signal?.addEventListener("abort", onAbort, { once: true });
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json",
  };
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;
  try {
    let response: Response;
    try {
      response = await fetch(chatCompletionsUrl(settings.baseUrl), {
        method: "POST",
        headers,
        body: JSON.stringify(body),
        signal: timeout.signal,
      });
    } catch {
      if (signal?.aborted) throw cancelled();
      if (timeout.signal.aborted) {
        // Not retried: a model that needed longer would keep the job waiting as long again.
        throw new ModelError(`The model did not answer within ${timeoutMs / 1000} seconds.`, false);
      }
      throw new ModelError("The model server could not be reached.", true);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      const retryable = RETRYABLE_STATUSES.has(response.status);
      throw new ModelError(
        response.status === 429
          ? "The model server is rate limiting requests (HTTP 429)."
          : response.status === 401 || response.status === 403
            ? `The model server refused the key (HTTP ${response.status}).`
            : `The model server answered with an error (HTTP ${response.status}).`,
        retryable,
        retryAfterMs(response.headers.get("retry-after"), now()),
      );
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      if (signal?.aborted) throw cancelled();
      throw new ModelError("The model's answer was cut off.", true);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ModelError("The model server's answer is not JSON.", false);
    }
    const completion = completionSchema.safeParse(parsed);
    const content = completion.success ? completion.data.choices[0]!.message.content : null;
    if (!content || content.trim() === "") {
      throw new ModelError("The model answered with nothing.", false);
    }
    return content;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

/**
 * Sends one chat-completions request and returns the answer's message content. Tries at most
 * AI_DRAFT_LIMITS.modelTries times; between tries waits Retry-After or the backoff.
 */
export async function askModel(
  settings: ModelSettings,
  request: { messages: ChatMessage[] },
  options: AskModelOptions = {},
): Promise<string> {
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const body = {
    model: settings.model,
    messages: request.messages,
    temperature: 0.1,
    response_format: { type: "json_object" },
  };
  const tries = AI_DRAFT_LIMITS.modelTries;
  for (let attempt = 1; ; attempt += 1) {
    if (options.signal?.aborted) throw cancelled();
    options.onProgress?.(
      attempt === 1 ? "Asking the model" : `Asking the model, try ${attempt} of ${tries}`,
    );
    try {
      return await tryOnce(
        settings,
        body,
        options.signal,
        now,
        options.timeoutMs ?? AI_DRAFT_LIMITS.modelTimeoutMs,
      );
    } catch (error) {
      if (!(error instanceof ModelError)) throw new ModelError("The model request failed.", false);
      if (!error.retryable) throw error;
      if (attempt >= tries) {
        throw new ModelError(`${error.message} Gave up after ${tries} tries.`, false);
      }
      const wait = error.retryAfterMs ?? backoffMs(attempt, random);
      options.onProgress?.(
        `${error.message} Trying again in ${Math.ceil(wait / 1000)} s (try ${attempt + 1} of ${tries}).`,
      );
      await sleep(wait, options.signal);
    }
  }
}
