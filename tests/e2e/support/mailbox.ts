// Test-side helpers for the mail catcher (mail-catcher.ts): wait for the mail an address receives
// and pull links out of it. Runs in the Playwright worker, not in the browser.

export const MAIL_CATCHER_URL = "http://127.0.0.1:" + (process.env.MAIL_CATCHER_HTTP_PORT ?? 3226);

/** One message as the mail catcher stores it. `text`/`html` are "" when the mail has no such part. */
export interface CaughtMail {
  id: string;
  /** SMTP envelope recipients, lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The top-level header fields by lower-cased name (the first of each), unfolded and decoded. */
  headers: Record<string, string>;
  /** ISO 8601 timestamp. */
  receivedAt: string;
}

export interface WaitForMailOptions {
  subject?: RegExp;
  /** Default 10 000 ms. */
  timeoutMs?: number;
  /** How many earlier matching messages to skip (e.g. 1 to wait for the second one). */
  after?: number;
}

/** Polls the mail catcher every 200 ms until `to` has received a matching message, and returns it. */
export async function waitForMail(
  to: string,
  options: WaitForMailOptions = {},
): Promise<CaughtMail> {
  const { subject, timeoutMs = 10_000, after = 0 } = options;
  const matches = (mail: CaughtMail) => {
    if (!subject) return true;
    subject.lastIndex = 0; // a /g or /y pattern would otherwise carry state between calls
    return subject.test(mail.subject);
  };
  const deadline = Date.now() + timeoutMs;
  let seen: CaughtMail[] = [];
  let lastError: unknown;
  for (;;) {
    try {
      const response = await fetch(`${MAIL_CATCHER_URL}/messages?to=${encodeURIComponent(to)}`);
      if (!response.ok) throw new Error(`the mail catcher answered ${response.status}`);
      seen = (await response.json()) as CaughtMail[];
      lastError = undefined;
      const found = seen.filter(matches)[after];
      if (found) return found;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const wanted = [
    `No mail to ${to}`,
    subject ? ` with a subject matching ${subject}` : "",
    after ? ` (after skipping ${after} earlier match${after === 1 ? "" : "es"})` : "",
    ` within ${timeoutMs} ms.`,
  ].join("");
  const subjects = seen.length
    ? seen.map((mail) => JSON.stringify(mail.subject)).join(", ")
    : "none";
  const problem = lastError
    ? ` Last error reaching ${MAIL_CATCHER_URL}: ${String(lastError)}.`
    : "";
  throw new Error(`${wanted} Subjects seen for ${to}: ${subjects}.${problem}`);
}

/** The first http(s) URL in `text` (containing `pathPart`, if given), without trailing punctuation. */
export function firstLink(text: string, pathPart?: string): string {
  for (const [url] of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    const link = url.replace(/[.,;:!?)\]}>]+$/, "");
    if (!pathPart || link.includes(pathPart)) return link;
  }
  const what = pathPart ? `a link containing ${JSON.stringify(pathPart)}` : "a link";
  throw new Error(`No ${what} in: ${text.slice(0, 500)}`);
}
