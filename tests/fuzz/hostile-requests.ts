import fc from "fast-check";
import { EXPORT_COLUMNS } from "#server/services/import-export/catalogue-format.server";
import type { ApiEndpoint, PageRoute } from "./endpoints";

// fast-check arbitraries for requests from a hostile internet. A request is plain data (strings
// hold bytes, one character per byte) so that a failing one prints as the exact bytes sent.

/** The body as parts, so that a 3 MB body or 10,000-deep JSON prints in a line. */
export interface BodyPart {
  text: string;
  times: number;
}

/**
 * How the body is framed: exact length, none, chunked, a length longer than the body (the server
 * has to wait), shorter (the rest reads as a second request), huge (a body that is never sent),
 * malformed, two lengths, or a length with chunked.
 */
export type Framing =
  | { kind: "exact" }
  | { kind: "none" }
  | { kind: "chunked" }
  | { kind: "declared-longer"; extra: number }
  | { kind: "declared-shorter"; missing: number }
  | { kind: "declared-huge"; length: string }
  | { kind: "malformed-length"; value: string }
  | { kind: "two-lengths" }
  | { kind: "length-and-chunked" };

export type Identity = "anonymous" | "user" | "admin";

export interface FuzzRequest {
  /** The route it aims at, e.g. "POST /api/tools/:id/like" or "page /ai-tools/:category". */
  label: string;
  method: string;
  target: string;
  version: string;
  identity: Identity;
  headers: [string, string][];
  body: BodyPart[];
  framing: Framing;
}

/** What the arbitraries need to know about the running app. */
export interface FuzzContext {
  port: number;
  appUrl: string;
  endpoints: readonly ApiEndpoint[];
  pages: readonly PageRoute[];
  bodyFields: readonly string[];
  toolIds: readonly string[];
  toolPaths: readonly string[];
  categorySlugs: readonly string[];
  subCategorySlugs: readonly string[];
  toolSlugs: readonly string[];
  categoryNames: readonly string[];
  accountEmails: readonly string[];
}

/** UTF-8 text as a byte string. */
export const bytesOf = (text: string) => Buffer.from(text, "utf8").toString("latin1");

/** Percent-encoding of the UTF-8 bytes (lone surrogates become U+FFFD rather than an error). */
export const percentEncode = (text: string) =>
  [...Buffer.from(text, "utf8")]
    .map((byte) =>
      /[\w.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");

const byteString = (maxLength: number) =>
  fc.uint8Array({ minLength: 1, maxLength }).map((bytes) => Buffer.from(bytes).toString("latin1"));

const HOSTILE_SEGMENTS = [
  "..",
  ".",
  "%2e%2e",
  "%2E%2E%2F",
  "..%2f..%2f",
  "%",
  "%z",
  "%zz",
  "%0",
  "%00",
  "%ff",
  "%c0%af",
  "%e2%82",
  "%ed%a0%80",
  "%f4%90%80%80",
  "%25",
  "%2f",
  "%5c",
  "\\..\\",
  "~",
  "%20",
  "+",
  ";x=1",
  "NUL",
  "index.data",
  "_root.data",
  "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "'",
  '"',
  "<",
  ">",
  "{",
  "|",
  "^",
  "`",
  "__proto__",
  "constructor",
  "uncategorized",
];

/** One path segment: ordinary, percent-encoded (valid or not), dot segments, raw bytes, very long. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.webSegment() },
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
  {
    weight: 2,
    arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }).map(percentEncode),
  },
  {
    weight: 1,
    arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 6 }).map(bytesOf),
  },
  {
    weight: 1,
    arbitrary: fc
      .uint8Array({ minLength: 1, maxLength: 6 })
      .map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("")),
  },
  { weight: 1, arbitrary: byteString(4) },
  { weight: 1, arbitrary: fc.integer({ min: 256, max: 20_000 }).map((n) => "a".repeat(n)) },
);

/** Text a field or a query value might carry: ordinary, hostile, enormous. */
const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "",
      " ",
      "\0",
      "a\0b",
      "\u0007bell",
      "\r\n",
      "\t",
      "\u202e\u202dreversed",
      "\ud800",
      "\udfff\ud800",
      "😀",
      "𝕏𝕐",
      "null",
      "undefined",
      "NaN",
      "[object Object]",
      "__proto__",
      "constructor",
      "<script>alert(1)</script>",
      "javascript:alert(1)",
      "'; drop table tools; --",
      "${7*7}{{7*7}}",
      "=cmd|' /C calc'!A0",
      "+1",
      "-1",
      "@SUM(1)",
      "../../../../etc/passwd",
      "https://evil.example/",
      "http://127.0.0.1:1/",
      "//evil.example",
      "All",
      "Newest",
      "Most Liked",
      "Relevance",
      "Free",
      "online",
      "draft",
      "admin",
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 70_000 }).map((n) => "x".repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 5_000 }).map((n) => "é😀\u0000".repeat(n)) },
);

const hostileNumber: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "0",
    "-0",
    "-1",
    "1",
    "21",
    "1000",
    "1001",
    "1e309",
    "-1e309",
    "1e-400",
    "9007199254740993",
    "123456789012345678901234567890",
    "0x10",
    "1_000",
    "NaN",
    "Infinity",
    "1.5",
    "",
  ),
  fc.integer().map(String),
  fc.double().map(String),
);

/** A query value as it appears in a URL: encoded properly, or not at all, or brokenly. */
function queryValue(ctx: FuzzContext): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: hostileText.map(percentEncode) },
    { weight: 2, arbitrary: hostileNumber.map(percentEncode) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...ctx.categoryNames, ...ctx.categorySlugs, ...ctx.toolIds.slice(0, 20))
        .map(percentEncode),
    },
    { weight: 1, arbitrary: hostileSegment },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 10 }).map(bytesOf) },
  );
}

const QUERY_NAMES = [
  "search",
  "category",
  "subcategory",
  "sort",
  "pricing",
  "offset",
  "limit",
  "status",
  "page",
  "format",
  "name",
  "dryRun",
  "stream",
  "token",
  "callbackURL",
  "lastEventId",
  "q",
  "_routes",
  "_data",
  "index",
  "__proto__",
  "constructor[prototype][isAdmin]",
  "a[b][c]",
  "",
];

interface QueryPair {
  name: string;
  /** Use the endpoint's documented parameter (by this index) instead of `name`. */
  documented: number | null;
  value: string;
}

function queryPairs(ctx: FuzzContext): fc.Arbitrary<QueryPair[] | string> {
  const pair = fc.record({
    name: fc.constantFrom(...QUERY_NAMES),
    documented: fc.option(fc.nat(63), { freq: 2 }),
    value: queryValue(ctx),
  });
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 30, arbitrary: fc.constant<QueryPair[]>([]) },
    { weight: 60, arbitrary: fc.array(pair, { minLength: 1, maxLength: 5 }) },
    {
      weight: 6,
      arbitrary: fc.constantFrom("?", "?&&&", "?=", "?a", "?%", "?a=%zz&b=%", "?a=1&a=2&a=3"),
    },
    {
      weight: 2,
      arbitrary: fc.integer({ min: 2_000, max: 30_000 }).map((n) => `?search=${"q".repeat(n)}`),
    },
  );
}

function queryString(pairs: QueryPair[] | string, known: Record<string, string[]>): string {
  if (typeof pairs === "string") return pairs;
  if (pairs.length === 0) return "";
  const names = Object.keys(known);
  const text = pairs.map(({ name, documented, value }) => {
    if (documented === null || names.length === 0) return `${percentEncode(name)}=${value}`;
    const chosen = names[documented % names.length]!;
    const listed = known[chosen]!;
    return listed.length > 0 && documented % 3 !== 0
      ? `${chosen}=${listed[documented % listed.length]}`
      : `${chosen}=${value}`;
  });
  return `?${text.join("&")}`;
}

/** A value for a route parameter: a real one (by index), or any text. */
type Filler = { real: number } | { text: string };

const filler: fc.Arbitrary<Filler> = fc.oneof(
  { weight: 3, arbitrary: fc.nat(255).map((real): Filler => ({ real })) },
  { weight: 1, arbitrary: fc.uuid().map((text): Filler => ({ text })) },
  { weight: 2, arbitrary: hostileSegment.map((text): Filler => ({ text })) },
);

/** Fills `:param` and `*` of a route pattern with real, odd or hostile values. */
function fillPattern(
  pattern: string,
  fillers: readonly Filler[],
  splat: readonly Filler[],
  ctx: FuzzContext,
): string {
  let next = 0;
  const pick = (list: readonly string[], value: Filler) =>
    "real" in value ? list[value.real % list.length]! : value.text;
  return pattern
    .split("/")
    .map((part) => {
      if (part === "*") return splat.map((value) => pick(ctx.toolSlugs, value)).join("/");
      if (!part.startsWith(":")) return part;
      const real =
        part === ":id"
          ? ctx.toolIds
          : part === ":category"
            ? ctx.categorySlugs
            : part === ":toolName"
              ? ctx.toolSlugs
              : [...ctx.subCategorySlugs, ...ctx.toolSlugs];
      return pick(real, fillers[next++ % fillers.length]!);
    })
    .join("/");
}

interface Aim {
  label: string;
  path: string;
  documentedMethod: string;
  query: Record<string, string[]>;
}

type AimChoice =
  | { kind: "api"; index: number }
  | { kind: "page"; index: number; suffix: string }
  | { kind: "tool page"; index: number }
  | { kind: "other"; path: string };

function aimChoice(ctx: FuzzContext): fc.Arbitrary<AimChoice> {
  const other = fc.oneof(
    fc.constantFrom(
      "*",
      "",
      "//",
      "/..",
      "/../../etc/passwd",
      "/ai-tools/../api/tools",
      "/%2e%2e/%2e%2e/etc/passwd",
      "/media/../../server.lock",
      "/media/%2e%2e/pglite/PG_VERSION",
      "/media/..%2f..%2fserver.lock",
      "/assets/..%2f..%2fserver/index.js",
      "/assets/",
      "/favicon.ico",
      "/robots.txt",
      "/sitemap.xml",
      "/build/server/index.js",
      "/.env",
      "/api",
      "/api/",
      "/api/auth",
      "/api/auth/",
      "/api/auth/ok",
      "/api/auth/error",
      "/api/auth/callback/google",
      "/api/auth/oauth2/callback/google",
      "/api/auth/list-sessions",
      "/api/auth/revoke-session",
      "/api/auth/verify-email",
      "/API/TOOLS",
      "/Api/Tools/",
      "/api/tools/",
      "/api/tools//like",
      "/api/live/",
      "/healthz/",
      "http://127.0.0.1/api/tools",
      "http://evil.example/ai-tools",
      "https://evil.example:99999/",
      "127.0.0.1:3300",
      "/\u00ff",
      "/\u0000",
    ),
    fc.webPath().map((p) => p || "/"),
    fc.array(hostileSegment, { minLength: 1, maxLength: 4 }).map((s) => `/${s.join("/")}`),
    fc.integer({ min: 8_000, max: 70_000 }).map((n) => `/${"p".repeat(n)}`),
  );
  return fc.oneof(
    {
      weight: 10,
      arbitrary: fc
        .nat(ctx.endpoints.length - 1)
        .map((index): AimChoice => ({ kind: "api", index })),
    },
    {
      weight: 7,
      arbitrary: fc
        // React Router's data requests: /path.data, /_root.data
        .record({
          index: fc.nat(ctx.pages.length - 1),
          suffix: fc.constantFrom("", ".data", "/", "//"),
        })
        .map(({ index, suffix }): AimChoice => ({ kind: "page", index, suffix })),
    },
    {
      weight: 2,
      arbitrary: fc
        .nat(ctx.toolPaths.length - 1)
        .map((index): AimChoice => ({ kind: "tool page", index })),
    },
    { weight: 3, arbitrary: other.map((path): AimChoice => ({ kind: "other", path })) },
  );
}

function aimOf(
  choice: AimChoice,
  fillers: readonly Filler[],
  splat: readonly Filler[],
  ctx: FuzzContext,
): Aim {
  switch (choice.kind) {
    case "api": {
      const endpoint = ctx.endpoints[choice.index % ctx.endpoints.length]!;
      return {
        label: `${endpoint.method} ${endpoint.path}`,
        path: fillPattern(endpoint.path, fillers, splat, ctx),
        documentedMethod: endpoint.method,
        query: endpoint.query,
      };
    }
    case "page": {
      const { pattern, hasAction } = ctx.pages[choice.index % ctx.pages.length]!;
      const filled = fillPattern(pattern, fillers, splat, ctx);
      return {
        label: `page ${pattern}`,
        path:
          filled === "/" && choice.suffix === ".data" ? "/_root.data" : `${filled}${choice.suffix}`,
        documentedMethod: hasAction ? "POST" : "GET",
        query: {},
      };
    }
    case "tool page":
      return {
        label: "page /ai-tools/:category/:subCategory/:toolName",
        path: ctx.toolPaths[choice.index % ctx.toolPaths.length]!,
        documentedMethod: "GET",
        query: {},
      };
    case "other":
      return { label: "other", path: choice.path, documentedMethod: "GET", query: {} };
  }
}

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const NONSENSE_METHODS = [
  "get",
  "FOO",
  "PROPFIND",
  "TRACE",
  "CONNECT",
  "PURGE",
  "M-SEARCH",
  "QUERY",
  "G\u0000ET",
  "GET GET",
  "",
  "X".repeat(200),
];

/** "documented": the endpoint's own method (GET for pages). */
const methodChoice: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: fc.constant("documented") },
  { weight: 4, arbitrary: fc.constantFrom(...METHODS) },
  { weight: 1, arbitrary: fc.constantFrom(...NONSENSE_METHODS) },
);

// Bodies -----------------------------------------------------------------------------------

const TOOL_FIELDS = [
  "name",
  "category",
  "subCategory",
  "status",
  "pricing",
  "cardDescription",
  "longDescription",
  "seo",
  "metaDescription",
  "hashtags",
  "keyFeatures",
  "websiteUrl",
  "image",
  "mainImage",
];

/** A JSON value of the wrong type, the right type with hostile content, or an odd number. */
function jsonValue(ctx: FuzzContext): fc.Arbitrary<unknown> {
  const text = fc.oneof(
    { weight: 5, arbitrary: hostileText },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        ...ctx.accountEmails,
        "someone@example.com",
        "a@b",
        "@",
        "x@example.com\0",
      ),
    },
    { weight: 1, arbitrary: fc.emailAddress() },
    { weight: 1, arbitrary: fc.constantFrom(...ctx.toolIds.slice(0, 30)) },
  );
  return fc.oneof(
    { weight: 8, arbitrary: text },
    {
      weight: 2,
      arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constant(Number.MAX_SAFE_INTEGER + 2)),
    },
    { weight: 1, arbitrary: fc.constantFrom(null, true, false, {}, [], [null], { toString: "x" }) },
    { weight: 2, arbitrary: fc.array(text, { maxLength: 5 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

function toolObject(ctx: FuzzContext): fc.Arbitrary<Record<string, unknown>> {
  const value = jsonValue(ctx);
  return fc.record(
    {
      name: fc.oneof(hostileText, value),
      category: fc.oneof(fc.constantFrom(...ctx.categoryNames), hostileText, value),
      subCategory: fc.oneof(hostileText, value),
      status: fc.oneof(fc.constantFrom("online", "draft", "offline"), value),
      pricing: fc.oneof(
        fc.record({
          model: fc.oneof(fc.constantFrom("Free", "Freemium", "Paid", null), value),
          amount: value,
        }),
        value,
      ),
      cardDescription: fc.oneof(hostileText, value),
      longDescription: fc.oneof(hostileText, value),
      seo: fc.oneof(fc.record({ titleTag: value, metaDescription: value }), value),
      hashtags: fc.oneof(fc.array(hostileText, { maxLength: 6 }), value),
      keyFeatures: fc.oneof(fc.array(hostileText, { maxLength: 6 }), value),
      websiteUrl: fc.oneof(
        fc.constantFrom("https://example.com", "javascript:alert(1)", "http://[::1]:99999/"),
        value,
      ),
      image: value,
      mainImage: fc.oneof(
        fc.constantFrom("uploads/../../server.lock", "https://example.com/a.png"),
        value,
      ),
    },
    { requiredKeys: [] },
  );
}

function jsonObject(ctx: FuzzContext): fc.Arbitrary<Record<string, unknown>> {
  const fields = [
    ...new Set([...ctx.bodyFields, ...TOOL_FIELDS, "ids", "tool", "source", "__proto__"]),
  ];
  const value = jsonValue(ctx);
  return fc.oneof(
    { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 6 }) },
    {
      weight: 2,
      arbitrary: fc.record(
        {
          email: fc.oneof(fc.constantFrom(...ctx.accountEmails), fc.emailAddress(), value),
          password: fc.oneof(fc.string({ minLength: 8, maxLength: 30 }), value),
          name: value,
        },
        { requiredKeys: [] },
      ),
    },
    {
      weight: 2,
      arbitrary: fc.record(
        { tool: fc.oneof(toolObject(ctx), value), updatedAt: value },
        { requiredKeys: [] },
      ),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        ids: fc.oneof(
          fc.array(fc.oneof(fc.constantFrom(...ctx.toolIds), value), { maxLength: 3 }),
          value,
        ),
        status: fc.oneof(fc.constantFrom("online", "draft", "offline"), value),
      }),
    },
    { weight: 1, arbitrary: fc.record({ source: fc.oneof(hostileText, markdownBomb, value) }) },
  );
}

const markdownBomb = fc
  .tuple(
    fc.constantFrom(
      "> ",
      "* ",
      "1. ",
      "[",
      "![",
      "**",
      "_",
      "`",
      "<div>",
      "|a",
      "\n",
      "    ",
      "#",
      "~~~",
      // Emphasis delimiters that never close: marked's lexer takes the square of their count.
      "*a_",
      "_a*",
      "**a",
    ),
    fc.integer({ min: 100, max: 6_000 }),
  )
  .map(([unit, times]) => unit.repeat(times));

/** JSON text a serializer would never write: huge numbers, duplicate keys, prototypes, depth. */
const oddJsonText = fc.oneof(
  fc.constantFrom(
    '{"email": 1e400, "password": -0}',
    '{"limit": 123456789012345678901234567890}',
    '{"email":"a@b.c","email":"x@example.com","password":"p"}',
    '{"__proto__": {"isAdmin": true, "role": "admin"}}',
    '{"constructor": {"prototype": {"role": "admin"}}}',
    '{"name": "\\u0000", "email": "\\ud800@example.com"}',
    '{"ids": [' + '"x",'.repeat(2000) + '"x"]}',
    "{",
    "}",
    "[",
    "null",
    "true",
    "0",
    '""',
    "{'a': 1}",
    '{"a": NaN}',
    '{"a": undefined}',
    '\ufeff{"a": 1}',
    "",
  ),
  fc.integer({ min: 1_000, max: 10_000 }).map((n) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`),
  fc.integer({ min: 1_000, max: 10_000 }).map((n) => `${"[".repeat(n)}${"]".repeat(n)}`),
);

/** Deep JSON as parts, so that it prints short. */
const deepJsonParts = fc
  .tuple(fc.constantFrom(["[", "]"], ['{"a":', "}"]), fc.constantFrom(1_000, 10_000, 50_000))
  .map(([[open, close], depth]): BodyPart[] => [
    { text: open!, times: depth },
    { text: "1", times: 1 },
    { text: close!, times: depth },
  ]);

const formBody = (ctx: FuzzContext) =>
  fc
    .array(
      fc.tuple(
        fc.constantFrom("email", "intent", "password", "name", "_action", "", "email[]"),
        queryValue(ctx),
      ),
      { maxLength: 5 },
    )
    .map((pairs) => pairs.map(([name, value]) => `${name}=${value}`).join("&"));

const MULTIPART_BOUNDARY = "fuzzboundary";
const multipartBody = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom("email", "file", "name", ""), hostileText), {
      maxLength: 3,
    }),
    fc.boolean(),
    fc.constantFrom("", 'filename="a.csv"', 'filename="../../x"', "filename*=UTF-8''%ff"),
  )
  .map(([fields, isClosed, extra]) => {
    const parts = fields.map(
      ([name, value]) =>
        `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; ${extra}\r\n\r\n${bytesOf(value)}\r\n`,
    );
    return `${parts.join("")}${isClosed ? `--${MULTIPART_BOUNDARY}--\r\n` : `--${MULTIPART_BOUNDARY}`}`;
  });

const csvBody = (ctx: FuzzContext) =>
  fc
    .tuple(
      fc.subarray([...EXPORT_COLUMNS], { minLength: 1 }),
      fc.array(
        fc.array(fc.oneof(hostileText, fc.constantFrom(...ctx.categoryNames)), { maxLength: 8 }),
        { maxLength: 4 },
      ),
      fc.constantFrom(",", ";", "\t"),
    )
    .map(([columns, rows, separator]) =>
      [
        columns.join(separator),
        ...rows.map((cells) =>
          cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(separator),
        ),
      ].join("\r\n"),
    );

const imageBody = fc.oneof(
  byteString(64),
  fc.constantFrom(
    "\u0089PNG\r\n\u001a\n",
    "\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR\u00ff\u00ff\u00ff\u00ff\u00ff\u00ff\u00ff\u00ff\b\u0006\u0000\u0000\u0000",
    "\u00ff\u00d8\u00ff\u00e0\u0000\u0010JFIF\u0000",
    "RIFF\u0000\u0000\u0000\u0000WEBPVP8 ",
    '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"/>',
  ),
);

interface BodyChoice {
  contentType: string | null;
  parts: BodyPart[];
}

const single = (text: string): BodyPart[] => (text ? [{ text, times: 1 }] : []);

function body(ctx: FuzzContext): fc.Arbitrary<BodyChoice> {
  const json = "application/json";
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 30, arbitrary: fc.constant<BodyChoice>({ contentType: null, parts: [] }) },
    {
      weight: 36,
      arbitrary: jsonObject(ctx).map((value) => ({
        contentType: json,
        parts: single(bytesOf(JSON.stringify(value))),
      })),
    },
    {
      weight: 9,
      arbitrary: oddJsonText.map((text) => ({ contentType: json, parts: single(bytesOf(text)) })),
    },
    { weight: 6, arbitrary: deepJsonParts.map((parts) => ({ contentType: json, parts })) },
    {
      weight: 9,
      arbitrary: formBody(ctx).map((text) => ({
        contentType: "application/x-www-form-urlencoded",
        parts: single(text),
      })),
    },
    {
      weight: 6,
      arbitrary: multipartBody.map((text) => ({
        contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`,
        parts: single(text),
      })),
    },
    {
      weight: 6,
      arbitrary: csvBody(ctx).map((text) => ({
        contentType: "text/csv",
        parts: single(bytesOf(text)),
      })),
    },
    {
      weight: 6,
      arbitrary: imageBody.map((text) => ({ contentType: "image/png", parts: single(text) })),
    },
    {
      weight: 6,
      arbitrary: byteString(512).map((text) => ({ contentType: null, parts: single(text) })),
    },
    // Bodies over every cap but the import's, a few MB at most.
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom("a", "[", "\u0000", "\u00ff", "{"),
          fc.integer({ min: 1_100_000, max: 2_500_000 }),
        )
        .map(([unit, times]) => ({ contentType: json, parts: [{ text: unit, times }] })),
    },
  );
}

/** Shrinks towards an exact length; a bodiless request cannot promise less than it sends. */
const framing: fc.Arbitrary<Framing> = fc.oneof(
  { weight: 40, arbitrary: fc.constant<Framing>({ kind: "exact" }) },
  { weight: 2, arbitrary: fc.constant<Framing>({ kind: "none" }) },
  { weight: 2, arbitrary: fc.constant<Framing>({ kind: "chunked" }) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 1, max: 1000 })
      .map((extra): Framing => ({ kind: "declared-longer", extra })),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 1, max: 100 })
      .map((missing): Framing => ({ kind: "declared-shorter", missing })),
  },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(
        "30000000",
        "1000000000",
        "1000000000000",
        "9007199254740993",
        "18446744073709551615",
      )
      .map((length): Framing => ({ kind: "declared-huge", length })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom("-1", "abc", "1e3", " 5 ", "0x10", "5, 6", "99999999999999999999999", "", "+5")
      .map((value): Framing => ({ kind: "malformed-length", value })),
  },
  { weight: 1, arbitrary: fc.constant<Framing>({ kind: "two-lengths" }) },
  { weight: 1, arbitrary: fc.constant<Framing>({ kind: "length-and-chunked" }) },
);

// Headers ----------------------------------------------------------------------------------

function headerChoices(ctx: FuzzContext): fc.Arbitrary<[string, string]> {
  const ip = fc.oneof(fc.ipV4(), fc.ipV6());
  const garbage = fc.oneof(
    hostileText.map(bytesOf),
    byteString(32),
    fc.constantFrom("", " ", "1", "-", "unknown"),
  );
  const pick = (name: string, values: fc.Arbitrary<string>) =>
    values.map((value): [string, string] => [name, value]);
  return fc.oneof(
    pick(
      "X-Forwarded-Proto",
      fc.oneof(
        fc.constantFrom(
          "1",
          "https",
          "http",
          "ftp",
          "",
          "https, http",
          "javascript",
          "HTTPS",
          "http:",
          "a b",
        ),
        garbage,
      ),
    ),
    pick(
      "X-Forwarded-Host",
      fc.oneof(
        fc.constantFrom("evil.example", "a b", ":::", "127.0.0.1:99999", "[::1", "", "%00"),
        garbage,
      ),
    ),
    pick(
      "X-Forwarded-For",
      fc.oneof(
        ip,
        fc.constantFrom(
          "1",
          "unknown",
          "::ffff:1.2.3.4",
          "1.2.3.4, 5.6.7.8",
          "999.999.999.999",
          "",
          "_",
          "a".repeat(5000),
        ),
        garbage,
      ),
    ),
    pick("X-Forwarded-Port", fc.constantFrom("99999", "-1", "abc", "443")),
    pick("Forwarded", fc.constantFrom("for=1.2.3.4;proto=1;host=a b", 'for="[::1]"', "garbage")),
    pick("X-Client-Ip", fc.oneof(ip, garbage)),
    pick("X-Real-Ip", fc.oneof(ip, garbage)),
    pick(
      "Content-Type",
      fc.oneof(
        fc.constantFrom(
          "application/json",
          "application/json; charset=utf-16",
          "application/json; charset=garbage",
          "text/plain",
          "multipart/form-data",
          "multipart/form-data; boundary=",
          "application/x-www-form-urlencoded",
          "image/png",
          "*/*",
          "application/json\u0000",
          "",
          "a/b/c",
        ),
        garbage,
      ),
    ),
    pick(
      "Content-Encoding",
      fc.constantFrom("gzip", "deflate", "br", "identity, gzip", "x-garbage", ""),
    ),
    pick(
      "Accept-Encoding",
      fc.oneof(
        fc.constantFrom(
          "gzip",
          "br",
          "*",
          "gzip;q=abc",
          "identity;q=0",
          "",
          "deflate, gzip, br, zstd",
        ),
        fc.integer({ min: 100, max: 6_000 }).map((n) => "gzip,".repeat(n)),
      ),
    ),
    pick(
      "Accept",
      fc.constantFrom(
        "text/event-stream",
        "application/json",
        "*/*",
        "text/html",
        "text/x-script",
        "garbage",
        "",
      ),
    ),
    pick("Accept-Language", fc.oneof(fc.constantFrom("en", "*", "zz-ZZ;q=2", ""), garbage)),
    pick(
      "Range",
      fc.constantFrom(
        "bytes=0-0",
        "bytes=100-",
        "bytes=-1",
        "bytes=5-1",
        "bytes=99999999999999999999-",
        "garbage",
        `bytes=${Array.from({ length: 300 }, (_, i) => `${i}-${i}`).join(",")}`,
      ),
    ),
    pick("If-None-Match", fc.constantFrom("*", 'W/"x"', "garbage", '"' + "e".repeat(4000) + '"')),
    pick(
      "If-Modified-Since",
      fc.constantFrom("Thu, 01 Jan 1970 00:00:00 GMT", "garbage", "Fri, 31 Dec 9999 23:59:59 GMT"),
    ),
    pick(
      "Cookie",
      fc.oneof(
        fc.constantFrom(
          "a",
          "=;=;=",
          "better-auth.session_token=garbage",
          "better-auth.session_token=%zz",
          "better-auth.session_token=a.b",
          "better-auth.session_data=e30",
          "__Secure-better-auth.session_token=x",
          "browse=%7B%22a%22%3A1%7D",
          "a=\u0000",
        ),
        garbage.map((value) => `better-auth.session_token=${value}`),
        fc.integer({ min: 4_000, max: 15_000 }).map((n) => `big=${"c".repeat(n)}`),
        fc.integer({ min: 20_000, max: 60_000 }).map((n) => `huge=${"c".repeat(n)}`),
      ),
    ),
    pick(
      "Origin",
      fc.oneof(
        fc.constantFrom(
          ctx.appUrl,
          "http://evil.example",
          "null",
          "http://127.0.0.1",
          `http://localhost:${ctx.port}`,
          "",
          "http://a b",
        ),
        garbage,
      ),
    ),
    pick(
      "Referer",
      fc.oneof(fc.constantFrom(`${ctx.appUrl}/ai-tools`, "http://evil.example/"), garbage),
    ),
    pick(
      "User-Agent",
      fc.oneof(
        fc.constantFrom(
          "Googlebot/2.1 (+http://www.google.com/bot.html)",
          "curl/8",
          "",
          "Mozilla/5.0",
        ),
        fc.integer({ min: 1_000, max: 8_000 }).map((n) => "U".repeat(n)),
      ),
    ),
    pick("Last-Event-ID", fc.oneof(hostileNumber, garbage)),
    pick("Expect", fc.constantFrom("100-continue", "garbage")),
    pick("Upgrade", fc.constantFrom("websocket", "h2c", "garbage")),
    pick(
      "Authorization",
      fc.oneof(fc.constantFrom("Bearer garbage", "Basic YTpi", "Bearer "), garbage),
    ),
    pick("Sec-Fetch-Site", fc.constantFrom("cross-site", "same-origin", "none", "garbage")),
    pick("Sec-Fetch-Mode", fc.constantFrom("navigate", "cors", "no-cors")),
    pick("X-Requested-With", fc.constantFrom("XMLHttpRequest", "")),
    fc.tuple(
      fc.oneof(
        fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,20}$/),
        fc.constantFrom("a b", "", ":x", "X\u0000Y", "Ä", "(x)", "Host "),
      ),
      garbage,
    ),
  );
}

function hostHeaders(ctx: FuzzContext): fc.Arbitrary<[string, string][]> {
  const own = `127.0.0.1:${ctx.port}`;
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 20, arbitrary: fc.constant<[string, string][]>([["Host", own]]) },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.constantFrom(
            "a b",
            "",
            "127.0.0.1:99999",
            "127.0.0.1:-1",
            "127.0.0.1:0",
            "127.0.0.1:3300:3300",
            "[::1",
            "[::1]:80",
            "evil.example",
            "%00",
            "localhost",
            "127.0.0.1:abc",
            "xn--",
            "-",
            "_",
          ),
          fc.integer({ min: 1_000, max: 12_000 }).map((n) => "h".repeat(n)),
          hostileText.map(bytesOf),
        )
        .map((value): [string, string][] => [["Host", value]]),
    },
    { weight: 1, arbitrary: fc.constant<[string, string][]>([]) },
    {
      weight: 1,
      arbitrary: fc.constant<[string, string][]>([
        ["Host", own],
        ["Host", "evil.example"],
      ]),
    },
  );
}

/** Any request a client on the internet could send, aimed at the app's endpoints and pages. */
export function hostileRequest(ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  // fast-check shrinks the fields in this order: what makes a request big or odd goes first.
  return fc
    .record({
      extra: fc.oneof(
        { withCrossShrink: true },
        { weight: 1, arbitrary: fc.constant([]) },
        { weight: 2, arbitrary: fc.array(headerChoices(ctx), { minLength: 1, maxLength: 3 }) },
      ),
      body: body(ctx),
      contentTypeLie: fc.option(
        fc.constantFrom(
          "text/plain",
          "application/json",
          "application/x-www-form-urlencoded",
          "multipart/form-data",
        ),
        { freq: 6 },
      ),
      query: queryPairs(ctx),
      host: hostHeaders(ctx),
      clientAddress: fc.option(fc.ipV4(), { freq: 2 }),
      // Most requests are well-formed HTTP with hostile content; the rest may break the syntax
      // too (shrinking prefers the first).
      isRaw: fc.oneof(
        { weight: 3, arbitrary: fc.constant(false) },
        { weight: 1, arbitrary: fc.constant(true) },
      ),
      framing,
      version: fc.oneof(
        { weight: 60, arbitrary: fc.constant("HTTP/1.1") },
        { weight: 2, arbitrary: fc.constant("HTTP/1.0") },
        {
          weight: 1,
          arbitrary: fc.constantFrom("HTTP/2.0", "HTTP/0.9", "HTTP/1.1 x", "http/1.1", "HTTP/9.9"),
        },
      ),
      method: methodChoice,
      identity: fc.constantFrom<Identity>("anonymous", "admin", "user", "anonymous", "admin"),
      isClosing: fc.oneof(
        { weight: 9, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
      isSameOrigin: fc.oneof(
        { weight: 3, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
      aim: aimChoice(ctx),
      fillers: fc.array(filler, { minLength: 3, maxLength: 3 }),
      splat: fc.array(filler, { maxLength: 3 }),
    })
    .map((parts): FuzzRequest => {
      const aim = aimOf(parts.aim, parts.fillers, parts.splat, ctx);
      const hasBody = parts.body.parts.length > 0;
      const headers: [string, string][] = [...parts.host];
      if (parts.isClosing) headers.push(["Connection", "close"]);
      if (parts.isSameOrigin) headers.push(["Origin", ctx.appUrl]);
      if (parts.clientAddress) headers.push(["X-Forwarded-For", parts.clientAddress]);
      const contentType = parts.contentTypeLie ?? parts.body.contentType;
      if (contentType && hasBody) headers.push(["Content-Type", contentType]);
      headers.push(...parts.extra);
      const request: FuzzRequest = {
        label: aim.label,
        method: parts.method === "documented" ? aim.documentedMethod : parts.method,
        target: `${aim.path}${queryString(parts.query, aim.query)}`,
        version: parts.version,
        identity: parts.identity,
        headers,
        body: parts.body.parts,
        framing:
          !hasBody && parts.framing.kind === "declared-shorter" ? { kind: "exact" } : parts.framing,
      };
      return parts.isRaw ? request : wellFormed(request);
    });
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const WELL_FORMED_LENGTH = 4_000;

/**
 * The request with its hostility kept to what HTTP syntax allows: bytes a request line or header
 * cannot carry are percent-encoded or dropped, lengths stay below Node's header limit, and the
 * framing is honest about the body (lying lengths stay in the raw requests).
 */
function wellFormed(request: FuzzRequest): FuzzRequest {
  const target = [...request.target]
    .map((char) => (/[\x21-\x7e]/.test(char) ? char : percentEncode(char)))
    .join("")
    .slice(0, WELL_FORMED_LENGTH);
  const headers = request.headers
    .filter(([name]) => TOKEN.test(name))
    .map(([name, value]): [string, string] => [
      name,
      value.replace(/[^\t\x20-\x7e\x80-\xff]/g, "").slice(0, WELL_FORMED_LENGTH / 2),
    ]);
  const isHonest = ["exact", "none", "chunked"].includes(request.framing.kind);
  return {
    ...request,
    method: TOKEN.test(request.method) && request.method.length < 20 ? request.method : "GET",
    target: target.startsWith("/") || target === "*" ? target : `/${target}`,
    version: "HTTP/1.1",
    headers,
    framing: isHonest ? request.framing : { kind: "exact" },
  };
}

// Bytes on the wire --------------------------------------------------------------------------

export const bodyLength = (parts: readonly BodyPart[]) =>
  parts.reduce((sum, part) => sum + part.text.length * part.times, 0);

const bodyText = (parts: readonly BodyPart[]) =>
  parts.map((part) => part.text.repeat(part.times)).join("");

/** Paths where a signed-in fuzz request would end or weaken the session it rides on. */
const SESSION_ENDING = /sign-out|revoke|delete-user|change-password|change-email|reset-password/i;

export function identityUsed(request: FuzzRequest): Identity {
  return SESSION_ENDING.test(request.target) ? "anonymous" : request.identity;
}

/** The request head (without the body) and the body, as sent. */
export function wireParts(
  request: FuzzRequest,
  sessions: Record<Exclude<Identity, "anonymous">, string>,
): { head: string; body: Buffer } {
  const identity = identityUsed(request);
  const headers = request.headers.map(([name, value]): [string, string] => [name, value]);
  if (identity !== "anonymous") {
    const cookie = headers.find(([name]) => name.toLowerCase() === "cookie");
    if (cookie) cookie[1] = `${cookie[1]}; ${sessions[identity]}`;
    else headers.push(["Cookie", sessions[identity]]);
  }
  const text = bodyText(request.body);
  const length = text.length;
  let payload = Buffer.from(text, "latin1");
  switch (request.framing.kind) {
    case "exact":
      if (length > 0 || !["GET", "HEAD"].includes(request.method))
        headers.push(["Content-Length", String(length)]);
      break;
    case "none":
      break;
    case "chunked":
      headers.push(["Transfer-Encoding", "chunked"]);
      payload = Buffer.from(
        `${length > 0 ? `${length.toString(16)}\r\n${text}\r\n` : ""}0\r\n\r\n`,
        "latin1",
      );
      break;
    case "declared-longer":
      headers.push(["Content-Length", String(length + request.framing.extra)]);
      break;
    case "declared-shorter":
      headers.push(["Content-Length", String(Math.max(0, length - request.framing.missing))]);
      break;
    case "declared-huge":
      headers.push(["Content-Length", request.framing.length]);
      payload = payload.subarray(0, 1024);
      break;
    case "malformed-length":
      headers.push(["Content-Length", request.framing.value]);
      break;
    case "two-lengths":
      headers.push(["Content-Length", String(length)], ["Content-Length", String(length + 1)]);
      break;
    case "length-and-chunked":
      headers.push(["Content-Length", String(length)], ["Transfer-Encoding", "chunked"]);
      break;
  }
  const head = `${request.method} ${request.target} ${request.version}\r\n${headers
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}\r\n`;
  return { head, body: payload };
}

export function wireBytes(
  request: FuzzRequest,
  sessions: Record<Exclude<Identity, "anonymous">, string>,
): Buffer {
  const { head, body: payload } = wireParts(request, sessions);
  return Buffer.concat([Buffer.from(head, "latin1"), payload]);
}

// Printing -----------------------------------------------------------------------------------

function shellEscape(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char === "\\") out += "\\\\";
    else if (char === "'") out += "\\047";
    else if (char === "%") out += "%%";
    else if (char === "\r") out += "\\r";
    else if (char === "\n") out += "\\n";
    else if (code < 0x20 || code >= 0x7f) out += `\\${code.toString(8).padStart(3, "0")}`;
    else out += char;
  }
  return out;
}

const octal = (char: string) => `\\${char.charCodeAt(0).toString(8).padStart(3, "0")}`;

/** A repeated piece as one command, so that a 20 KB header or 10,000-deep JSON stays one line. */
function repeatCommand(unit: string, times: number): string {
  return unit.length === 1
    ? `head -c ${times} /dev/zero | tr '\\0' '${octal(unit)}'`
    : `for i in $(seq ${times}); do printf -- '${shellEscape(unit)}'; done`;
}

function shellPrintf(text: string): string {
  const pieces: string[] = [];
  let last = 0;
  // A unit of up to 16 characters repeated into a run of 120 or more characters.
  for (const match of text.matchAll(/(.{1,16}?)\1+/gs)) {
    const unit = match[1]!;
    if (match[0].length < 120) continue;
    if (match.index > last)
      pieces.push(`printf -- '${shellEscape(text.slice(last, match.index))}'`);
    pieces.push(repeatCommand(unit, match[0].length / unit.length));
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push(`printf -- '${shellEscape(text.slice(last))}'`);
  return pieces.join("; ");
}

/** A bash line that sends exactly this request and prints the answer (sessions named, not spelled out). */
export function describeRequest(request: FuzzRequest, port: number): string {
  const identity = identityUsed(request);
  const placeholder = {
    user: "better-auth.session_token=<fuzz user session>",
    admin: "better-auth.session_token=<fuzz admin session>",
  };
  const { head } = wireParts(request, placeholder);
  const bodyPieces =
    request.framing.kind === "declared-huge"
      ? [{ text: bodyText(request.body).slice(0, 1024), times: 1 }]
      : request.framing.kind === "chunked"
        ? [{ text: wireParts(request, placeholder).body.toString("latin1"), times: 1 }]
        : request.body;
  const bodyCommands = bodyPieces
    .filter((part) => part.text.length > 0 && part.times > 0)
    .map((part) =>
      part.times === 1 ? shellPrintf(part.text) : repeatCommand(part.text, part.times),
    );
  const who = identity === "anonymous" ? "" : `  # signed in as the fuzz ${identity}`;
  const bytes = [shellPrintf(head), ...bodyCommands].join("; ");
  return `exec 3<>/dev/tcp/127.0.0.1/${port}; { ${bytes}; } >&3; timeout 10 cat <&3; exec 3<&-${who}`;
}
