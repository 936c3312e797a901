// Test OpenID Connect provider standing in for Google in the end-to-end suite: discovery, JWKS, a
// sign-in form where the test types any email and name, the authorization code flow with PKCE (S256),
// RS256-signed ID tokens and userinfo. One client, from oidc-client.ts. State lives in memory.
//   node --import tsx tests/e2e/support/oidc-provider.ts
//   env OIDC_PORT (default 3227); listens on 127.0.0.1, issuer http://127.0.0.1:<port>.

import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT } from "jose";
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_ISSUER, OIDC_PORT } from "./oidc-client";

const HOST = "127.0.0.1";
const CODE_TTL_MS = 60_000;
const TOKEN_TTL_S = 3600;

const { privateKey, publicKey } = await generateKeyPair("RS256");
const publicJwk = await exportJWK(publicKey);
const kid = await calculateJwkThumbprint(publicJwk);
const jwks = { keys: [{ ...publicJwk, kid, alg: "RS256", use: "sig" }] };

const discovery = {
  issuer: OIDC_ISSUER,
  authorization_endpoint: `${OIDC_ISSUER}/authorize`,
  token_endpoint: `${OIDC_ISSUER}/token`,
  userinfo_endpoint: `${OIDC_ISSUER}/userinfo`,
  jwks_uri: `${OIDC_ISSUER}/jwks`,
  response_types_supported: ["code"],
  subject_types_supported: ["public"],
  id_token_signing_alg_values_supported: ["RS256"],
  scopes_supported: ["openid", "email", "profile"],
  token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
  code_challenge_methods_supported: ["S256"],
  claims_supported: [
    "iss",
    "aud",
    "sub",
    "iat",
    "exp",
    "nonce",
    "email",
    "email_verified",
    "name",
    "given_name",
    "picture",
  ],
};

interface User {
  email: string;
  name: string;
}
interface Grant {
  redirectUri: string;
  scope: string;
  nonce?: string;
  codeChallenge?: string;
  user: User;
  expiresAt: number;
  used: boolean;
}
const codes = new Map<string, Grant>();
const accessTokens = new Map<string, { user: User; expiresAt: number }>();

function forgetExpired(): void {
  const now = Date.now();
  for (const [code, grant] of codes) if (grant.expiresAt < now) codes.delete(code);
  for (const [token, entry] of accessTokens) if (entry.expiresAt < now) accessTokens.delete(token);
}

const randomToken = () => randomBytes(32).toString("base64url");
const sha256 = (text: string) => createHash("sha256").update(text);

/** The user's claims; `sub` is stable per email, like a Google account id. */
function userClaims(user: User) {
  const sub = "g-" + sha256(user.email).digest("hex").slice(0, 20);
  return {
    sub,
    email: user.email,
    email_verified: true,
    name: user.name,
    given_name: user.name.split(/\s+/)[0] ?? user.name,
    picture: `${OIDC_ISSUER}/avatar/${sub}.png`,
  };
}

// ---- HTTP helpers ----

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8" }).end(text);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  res
    .writeHead(status, {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      ...headers,
    })
    .end(JSON.stringify(body));
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = "";
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 100_000) throw new Error("form body too large");
  }
  return new URLSearchParams(body);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** application/x-www-form-urlencoded decoding, as client_secret_basic requires (RFC 6749 2.3.1). */
function formDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

// ---- /authorize ----

/** What is wrong with an authorization request, if anything. */
function authorizeProblem(params: URLSearchParams): string | undefined {
  if (params.get("client_id") !== OIDC_CLIENT_ID) return "Unknown client_id.";
  if (params.get("response_type") !== "code") return 'Unsupported response_type: use "code".';
  const redirectUri = params.get("redirect_uri") ?? "";
  if (!/^https?:\/\//.test(redirectUri) || !URL.canParse(redirectUri)) {
    return "Missing or invalid redirect_uri.";
  }
  if (params.get("code_challenge") && params.get("code_challenge_method") !== "S256") {
    return "Only code_challenge_method=S256 is supported.";
  }
  return undefined;
}

function signInPage(params: URLSearchParams): string {
  const hidden = [...params]
    .filter(([name]) => name !== "email" && name !== "name")
    .map(([name, value]) => {
      return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
    })
    .join("\n      ");
  const hint = escapeHtml(params.get("login_hint") ?? "");
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Sign in with Google (test provider)</title>
</head>
<body>
  <main>
    <h1>Sign in with Google (test provider)</h1>
    <form method="post" action="/authorize">
      ${hidden}
      <p><label for="email">Email</label>
        <input id="email" name="email" type="email" autocomplete="email" value="${hint}" required autofocus></p>
      <p><label for="name">Name</label>
        <input id="name" name="name" type="text" autocomplete="name"></p>
      <button type="submit">Continue</button>
    </form>
  </main>
</body>
</html>`;
}

function authorizeSubmit(form: URLSearchParams, res: ServerResponse): void {
  const problem = authorizeProblem(form);
  if (problem) return sendText(res, 400, problem);
  const email = (form.get("email") ?? "").trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) return sendText(res, 400, "Enter an email address.");
  const name = (form.get("name") ?? "").trim() || (email.split("@")[0] ?? email);

  forgetExpired();
  const code = randomToken();
  const redirectUri = form.get("redirect_uri") ?? "";
  codes.set(code, {
    redirectUri,
    scope: form.get("scope") ?? "openid",
    nonce: form.get("nonce") || undefined,
    codeChallenge: form.get("code_challenge") || undefined,
    user: { email, name },
    expiresAt: Date.now() + CODE_TTL_MS,
    used: false,
  });
  const result = new URLSearchParams({ code });
  const state = form.get("state");
  if (state !== null) result.set("state", state);
  // Append to the redirect URI as given, keeping any query it already has byte for byte.
  const separator = !redirectUri.includes("?") ? "?" : /[?&]$/.test(redirectUri) ? "" : "&";
  res.writeHead(302, { Location: redirectUri + separator + result }).end();
}

// ---- /token ----

function clientCredentials(req: IncomingMessage, form: URLSearchParams) {
  const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? "");
  if (basic) {
    const decoded = Buffer.from(basic[1] ?? "", "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) return undefined;
    return {
      id: formDecode(decoded.slice(0, colon)),
      secret: formDecode(decoded.slice(colon + 1)),
    };
  }
  return { id: form.get("client_id") ?? "", secret: form.get("client_secret") ?? "" };
}

async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const form = await readForm(req);
  const client = clientCredentials(req, form);
  if (client?.id !== OIDC_CLIENT_ID || client.secret !== OIDC_CLIENT_SECRET) {
    return sendJson(res, 401, { error: "invalid_client" }, { "WWW-Authenticate": "Basic" });
  }
  if (form.get("grant_type") !== "authorization_code") {
    return sendJson(res, 400, { error: "unsupported_grant_type" });
  }
  const invalidGrant = (description: string) =>
    sendJson(res, 400, { error: "invalid_grant", error_description: description });

  const grant = codes.get(form.get("code") ?? "");
  if (!grant) return invalidGrant("unknown code");
  if (grant.used) return invalidGrant("code already used");
  grant.used = true; // single use, even if the checks below fail
  if (grant.expiresAt < Date.now()) return invalidGrant("code expired");
  if (form.get("redirect_uri") !== grant.redirectUri) return invalidGrant("redirect_uri mismatch");
  const verifier = form.get("code_verifier");
  if (grant.codeChallenge || verifier) {
    if (!verifier || sha256(verifier).digest("base64url") !== grant.codeChallenge) {
      return invalidGrant("PKCE verification failed");
    }
  }

  const accessToken = randomToken();
  accessTokens.set(accessToken, { user: grant.user, expiresAt: Date.now() + TOKEN_TTL_S * 1000 });
  const idToken = await new SignJWT({
    ...userClaims(grant.user),
    ...(grant.nonce ? { nonce: grant.nonce } : {}),
  })
    .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
    .setIssuer(OIDC_ISSUER)
    .setAudience(OIDC_CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime(`${TOKEN_TTL_S}s`)
    .sign(privateKey);
  sendJson(
    res,
    200,
    {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: TOKEN_TTL_S,
      scope: grant.scope,
      id_token: idToken,
    },
    { Pragma: "no-cache" },
  );
}

// ---- /userinfo ----

function userinfo(req: IncomingMessage, res: ServerResponse): void {
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
  const entry = bearer ? accessTokens.get(bearer[1] ?? "") : undefined;
  if (!entry || entry.expiresAt < Date.now()) {
    return sendJson(
      res,
      401,
      { error: "invalid_token" },
      {
        "WWW-Authenticate": 'Bearer error="invalid_token"',
      },
    );
  }
  sendJson(res, 200, userClaims(entry.user));
}

// ---- Routing and lifecycle ----

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", OIDC_ISSUER);
  const route = `${req.method} ${url.pathname}`;
  switch (route) {
    case "GET /healthz":
      return sendText(res, 200, "ok");
    case "GET /.well-known/openid-configuration":
      return sendJson(res, 200, discovery);
    case "GET /jwks":
      return sendJson(res, 200, jwks);
    case "GET /authorize": {
      const problem = authorizeProblem(url.searchParams);
      if (problem) return sendText(res, 400, problem);
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end(signInPage(url.searchParams));
      return;
    }
    case "POST /authorize":
      return authorizeSubmit(await readForm(req), res);
    case "POST /token":
      return token(req, res);
    case "GET /userinfo":
      return userinfo(req, res);
    default:
      return sendText(res, 404, "not found");
  }
}

const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    if (!res.headersSent) sendText(res, 500, String(error));
    else res.end();
  });
});
server.on("error", (error) => {
  console.error(`oidc provider: ${HOST}:${OIDC_PORT}: ${error.message}`);
  process.exit(1);
});
server.listen(OIDC_PORT, HOST, () => console.log(`oidc provider: issuer ${OIDC_ISSUER}`));

function shutdown(): void {
  setTimeout(() => process.exit(0), 2000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.once("SIGTERM", shutdown);
process.once("SIGINT", shutdown);
