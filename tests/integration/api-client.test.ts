import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getAdminMe, previewMarkdown, setToolsStatus } from "~/client/api/admin-client";
import { ApiError, request, UNREACHABLE_MESSAGE } from "~/client/api/request";
import { authErrorMessage, signIn, signOut } from "~/client/auth/auth-client";
import { adminRoutes } from "#server/routes/admin.server";
import type { Application } from "#server/boot.server";
import { handleErrors } from "#server/http/error-handler.server";

// The browser's one API client against a real HTTP server: our admin routes behind
// their guard and the real error handler, and answers shaped as Better Auth sends them. The
// browser's relative paths go to that server, and the test picks who is signed in by cookie.

const ADMIN = { id: "admin-1", email: "admin@example.com", isAdmin: true, emailVerified: true };
const READER = { ...ADMIN, id: "reader-1", email: "reader@example.com", isAdmin: false };

let server: http.Server;
let base: string;
let cookie = "";
const statusChanges: { ids: readonly string[]; status: string }[] = [];

beforeAll(async () => {
  const app = {
    readSignedIn: async (headers: Headers) => {
      const who = headers.get("cookie");
      if (who === "admin") return { viewer: ADMIN, sessionToken: "a" };
      if (who === "reader") return { viewer: READER, sessionToken: "r" };
      return null;
    },
    services: {
      previewMarkdown: (source: string) => `<p>${source}</p>`,
      setToolsStatus: async (_actor: unknown, ids: readonly string[], status: string) => {
        statusChanges.push({ ids, status });
        return ids.length;
      },
    },
  } as unknown as Application;
  const routes = express();
  routes.use("/api/admin", adminRoutes(app, pino({ level: "silent" })));
  routes.post("/api/auth/sign-in/email", (_req, res) => {
    res
      .status(401)
      .json({ code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" });
  });
  routes.post("/api/auth/sign-out", (_req, res) => {
    res.status(401).json({ code: "UNAUTHORIZED", message: "Unauthorized" });
  });
  routes.get("/api/behind-a-proxy", (_req, res) => {
    res.status(502).type("text/html").send("<h1>Bad gateway</h1>");
  });
  routes.get("/api/portal-page", (_req, res) => {
    res.status(200).type("text/html").send("<h1>Sign in to the hotel Wi-Fi</h1>");
  });
  routes.get("/api/slow", () => {
    // Never answers: the caller gives up.
  });
  routes.use(handleErrors(pino({ level: "silent" })));
  server = http.createServer(routes).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const send = globalThis.fetch;
  vi.stubGlobal("fetch", (path: string, init: RequestInit = {}) =>
    send(new URL(path, base), {
      ...init,
      headers: { ...(init.headers as Record<string, string> | undefined), cookie },
    }),
  );
});

afterEach(() => {
  cookie = "";
});

afterAll(async () => {
  vi.unstubAllGlobals();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The ApiError a call rejects with. */
async function refusalOf(call: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await call.then(
    () => null,
    (failure: unknown) => failure,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe("the API client", () => {
  it("returns the answer as the server sent it", async () => {
    cookie = "admin";
    expect(await getAdminMe()).toEqual({ email: "admin@example.com", isAdmin: true });
    expect(await previewMarkdown({ source: "Hi" })).toEqual({ html: "<p>Hi</p>" });
    expect(await setToolsStatus({ ids: ["a", "b"], status: "offline" })).toEqual({ changed: 2 });
    expect(statusChanges).toEqual([{ ids: ["a", "b"], status: "offline" }]);
  });

  it("reads our refusals as ApiError with status, code and message", async () => {
    const signedOut = await refusalOf(getAdminMe());
    expect([signedOut.status, signedOut.code, signedOut.message, signedOut.fields]).toEqual([
      401,
      "UNAUTHORIZED",
      "Sign in first.",
      {},
    ]);
    cookie = "reader";
    const notAdmin = await refusalOf(getAdminMe());
    expect([notAdmin.status, notAdmin.code, notAdmin.message]).toEqual([
      403,
      "FORBIDDEN",
      "This needs the admin role.",
    ]);
  });

  it("carries the per-field messages of a refused body", async () => {
    cookie = "admin";
    const refused = await refusalOf(setToolsStatus({ ids: [], status: "offline" }));
    expect(refused.status).toBe(400);
    expect(refused.code).toBe("INVALID");
    expect(refused.fields).toEqual({ ids: "Choose at least one tool." });
  });

  it("keeps the status of an answer that is not ours", async () => {
    const refused = await refusalOf(request("/api/behind-a-proxy"));
    expect([refused.status, refused.code, refused.message]).toEqual([
      502,
      "",
      "The request failed (502). Please try again.",
    ]);
  });

  it("says what the caller names when a refusal carries no message", async () => {
    const refused = await refusalOf(
      request("/api/behind-a-proxy", { failureMessage: "The account could not be deleted." }),
    );
    expect([refused.status, refused.message]).toEqual([502, "The account could not be deleted."]);
  });

  it("refuses a successful answer that is not JSON as unreadable, keeping its status", async () => {
    const refused = await refusalOf(request("/api/portal-page"));
    expect([refused.status, refused.code, refused.message]).toEqual([
      200,
      "UNREADABLE",
      "The server's answer could not be read (200).",
    ]);
  });

  it("turns no answer at all into status 0", async () => {
    const closed = http.createServer().listen(0, "127.0.0.1");
    await new Promise((resolve) => closed.once("listening", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await refusalOf(request(`http://127.0.0.1:${port}/api/tools`));
    expect([refused.status, refused.code, refused.message]).toEqual([
      0,
      "NETWORK",
      UNREACHABLE_MESSAGE,
    ]);
  });

  it("lets a call the caller aborted reject as aborted, not as a failure", async () => {
    const controller = new AbortController();
    const call = request("/api/slow", { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("the Better Auth calls through the same client", () => {
  it("shows Better Auth's own message", async () => {
    const refused = await refusalOf(signIn({ email: "a@example.com", password: "wrong" }));
    expect([refused.status, refused.code]).toEqual([401, "INVALID_EMAIL_OR_PASSWORD"]);
    expect(authErrorMessage(refused)).toBe("Invalid email or password");
  });

  it("says the person is signed out when a signed-in call answers 401", async () => {
    const refused = await refusalOf(signOut());
    expect(authErrorMessage(refused)).toBe(
      "You are signed out (perhaps in another tab). Sign in again to continue.",
    );
  });
});
