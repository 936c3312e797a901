import { createHash } from "node:crypto";
import {
  MAX_ERROR_MESSAGE_LENGTH,
  MAX_ERROR_STACK_LENGTH,
  type ErrorEventName,
} from "~/lib/analytics";
import { withoutRefusedCharacters } from "~/lib/plain-text";

// What an error report keeps (docs/analytics.md). Messages and stacks are scrubbed of
// what could name a person or open an account before anything is stored, and grouped by their
// message and top stack frame, so that one bug seen a thousand times is one row with a count.

type ErrorSource = "browser" | "server";

/** A scrubbed error, ready to be grouped and stored. */
export interface ErrorReport {
  fingerprint: string;
  name: ErrorEventName;
  source: ErrorSource;
  message: string;
  topFrame: string | null;
  stack: string | null;
}

// Every repetition is bounded or anchored, so that a 4,000-character stack cannot make a pattern
// backtrack for long.
const SECRET_NAMES =
  "(?:[a-z]{1,20}[_-])?(?:token|key|code|password|passwd|pwd|secret|session|sessionid|sig|signature|auth|otp|credential)s?";

// "@" or, in a path, "%40". An address with a dotted domain whose last label is a file's extension
// is an asset ("icon@2x.png") or a Firefox frame ("render@chunk.js:1:2"), and is kept.
const EMAIL_WITH_DOTS =
  /[a-z0-9._%+-]{1,64}(?:@|%40)[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){0,8}\.[a-z]{2,24}/gi;
const FILE_EXTENSION =
  /\.(?:png|jpe?g|gif|svg|webp|avif|ico|bmp|js|mjs|cjs|jsx|ts|tsx|css|map|json|wasm|html?)$/i;
// "user@localhost": a domain without a dot counts only where nothing address-like follows it, so
// that "fn@https://site/a.js:1:2" (a frame) and "icon@2x.png" are no address.
const EMAIL_WITHOUT_DOTS =
  /[a-z0-9._%+-]{1,64}(?:@|%40)[a-z0-9][a-z0-9-]{0,62}(?![a-z0-9:/@_%-]|\.[a-z0-9])/gi;

const SCRUBBERS: [RegExp, string][] = [
  [EMAIL_WITHOUT_DOTS, "[email]"],
  [/\bbearer\s+[a-z0-9._~+/=-]+/gi, "Bearer [token]"],
  // A JSON Web Token: three base64url parts, the first a JSON object ("eyJ" is '{"').
  [/\beyJ[a-z0-9_-]*\.[a-z0-9_-]+\.[a-z0-9_-]*/gi, "[token]"],
  [new RegExp(`\\b(${SECRET_NAMES})=[^&\\s#"'<>():,;]+`, "gi"), "$1=[redacted]"],
  [new RegExp(`(["']?${SECRET_NAMES}["']?\\s*:\\s*)["'][^"']+["']`, "gi"), '$1"[redacted]"'],
  [/\b[0-9a-f]{32,}\b/gi, "[token]"],
];

/** A base64 or base64url run this long with letters and digits is a key or an id, not a word. */
const LONG_RUN = /[a-z0-9+_-]{32,}={0,2}/gi;

/**
 * A page's slug ("stable-diffusion-xl-turbo-2024-edition"): lower-case pieces joined by hyphens,
 * most of them words without digits. A token or a UUID has capitals or digits in most pieces.
 */
function isSlug(run: string): boolean {
  if (!/^[a-z0-9]{1,20}(?:-[a-z0-9]{1,20}){2,}$/.test(run)) return false;
  const pieces = run.split("-");
  return pieces.filter((piece) => /^[a-z]+$/.test(piece)).length * 2 >= pieces.length;
}

/**
 * Text with control characters (but tab and line breaks) dropped, and emails, bearer tokens,
 * JWTs, long hex or base64 tokens and secret values replaced: an error's message and stack, a
 * stored path and a search.
 */
export function scrubSecrets(text: string): string {
  // PostgreSQL text cannot hold U+0000, and no other control character (but tab and line
  // breaks, which stacks hold) belongs in a report an admin reads.
  let scrubbed = withoutRefusedCharacters(text, { multiline: true }).replace(
    EMAIL_WITH_DOTS,
    (address) => (FILE_EXTENSION.test(address) ? address : "[email]"),
  );
  for (const [pattern, replacement] of SCRUBBERS) scrubbed = scrubbed.replace(pattern, replacement);
  return scrubbed.replace(LONG_RUN, (run) =>
    /[0-9]/.test(run) && /[a-z]/i.test(run) && !isSlug(run) ? "[token]" : run,
  );
}

// "    at handler (https://site/assets/a.js?v=1:10:5)", "    at https://site/a.js:1:2"
const CHROME_FRAME = /^\s*at\s+(?:(.+?)\s+\()?(.+?):(\d+):(\d+)\)?\s*$/;
// "handler@https://site/assets/a.js:10:5", "@https://site/a.js:1:2"
const GECKO_FRAME = /^\s*(.*?)@(.+?):(\d+):(\d+)\s*$/;

/**
 * The first frame of a stack (Chrome and Node's "at fn (url:line:col)", Firefox and Safari's
 * "fn@url:line:col") as "fn (path:line:col)": without the address's origin and query, so the same
 * code groups together whichever host or cache-busting parameter served it.
 */
export function topFrameOf(stack: string | null | undefined): string | null {
  if (!stack) return null;
  for (const line of stack.split("\n")) {
    const match = CHROME_FRAME.exec(line) ?? GECKO_FRAME.exec(line);
    if (!match) continue;
    const [, fn, url, lineNumber, column] = match;
    const location = `${locationOf(url!)}:${lineNumber}:${column}`;
    const name = fn?.trim();
    return name ? `${name} (${location})` : location;
  }
  return null;
}

function locationOf(url: string): string {
  const withoutOrigin = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "");
  return withoutOrigin.split(/[?#]/, 1)[0] || "/";
}

/** sha256 (hex) of what makes two reports the same error. */
export function fingerprintOf(
  source: ErrorSource,
  name: ErrorEventName,
  message: string,
  topFrame: string | null,
): string {
  return createHash("sha256")
    .update([source, name, message, topFrame ?? ""].join("\n"))
    .digest("hex");
}

/** A report of an error as it arrived: scrubbed, cut to the stored lengths, fingerprinted. */
export function errorReportOf(
  source: ErrorSource,
  name: ErrorEventName,
  message: string,
  stack: string | null | undefined,
): ErrorReport {
  const scrubbedMessage =
    scrubSecrets(message).trim().slice(0, MAX_ERROR_MESSAGE_LENGTH) || "(no message)";
  const scrubbedStack = stack ? scrubSecrets(stack).slice(0, MAX_ERROR_STACK_LENGTH) : null;
  const topFrame = topFrameOf(scrubbedStack);
  return {
    fingerprint: fingerprintOf(source, name, scrubbedMessage, topFrame),
    name,
    source,
    message: scrubbedMessage,
    topFrame,
    stack: scrubbedStack,
  };
}
