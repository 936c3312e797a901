import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMPTY_TOOL_INPUT, toolInputSchema, type ToolInput } from "~/lib/tool-input";
import { hashPassword } from "#server/auth/password.server";
import type { Application } from "#server/boot.server";
import { authAccounts, authUsers, userProfiles } from "#server/db/schema";
import { seedDemoCatalogue } from "#server/seed/seed-demo.server";
import { createScratchDatabase } from "../scratch-database";
import {
  APP_URL,
  BUILD_MS,
  buildOnce,
  startProductionServer,
  type RunningServer,
} from "../support/production-server";

// Decision 013, against the real app (the production build, the whole HTTP edge, a real
// database): the render cache never answers a signed-in person, answers 304 to a matching
// If-None-Match, and drops a page within a second of an admin change made on another server.

const ACTOR = { id: "admin-1", email: "admin@example.com" };
const PASSWORD = "correct horse battery staple 42";

async function addVerifiedPerson(app: Application, email: string) {
  const userId = randomUUID();
  await app.database.db
    .insert(authUsers)
    .values({ id: userId, name: "Cached Reader", email, emailVerified: true });
  await app.database.db.insert(authAccounts).values({
    id: randomUUID(),
    accountId: userId,
    providerId: "credential",
    userId,
    password: await hashPassword(PASSWORD),
  });
  await app.database.db
    .insert(userProfiles)
    .values({ userId, email, username: "cached-reader", displayName: "Cached Reader" });
}

async function signIn(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: APP_URL },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .join("; ");
}

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

function toolInput(values: Partial<ToolInput>): ToolInput {
  return toolInputSchema.parse({ ...EMPTY_TOOL_INPUT, ...values });
}

describe("the render cache on the real app", () => {
  let server: RunningServer;

  beforeAll(async () => {
    buildOnce();
    server = await startProductionServer();
    await seedDemoCatalogue(server.app.database.db, 30);
    await server.app.snapshotKeeper.reload();
  }, BUILD_MS);
  afterAll(() => server?.close());

  it("never answers a signed-in person from a page cached for signed-out visitors", async () => {
    await get(`${server.url}/`);
    const anonymous = await get(`${server.url}/`);
    expect(anonymous.headers.get("x-cache")).toBe("HIT");
    expect(anonymous.headers.get("cache-control")).toMatch(/^public, .*s-maxage=/);
    expect(anonymous.body).not.toContain("cached-reader@example.com");

    await addVerifiedPerson(server.app, "cached-reader@example.com");
    const cookie = await signIn(server.url, "cached-reader@example.com");
    const signedIn = await get(`${server.url}/`, { cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("x-cache")).toBeNull();
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect(signedIn.headers.get("content-security-policy")).toMatch(/'nonce-/);
    expect(signedIn.body).toContain("cached-reader@example.com");
    expect(signedIn.body).toContain("Sign Out");

    const afterwards = await get(`${server.url}/`);
    expect(afterwards.headers.get("x-cache")).toBe("HIT");
    expect(afterwards.body).toBe(anonymous.body);
  });

  it("answers a matching If-None-Match with 304, and anything else with the page", async () => {
    const first = await get(`${server.url}/ai-tools?sort=Rating&utm_source=mail`);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    const revalidated = await get(`${server.url}/ai-tools?sort=Rating`, {
      "if-none-match": `"other", ${etag}`,
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe("");
    expect(revalidated.headers.get("etag")).toBe(etag);
    expect(revalidated.headers.get("vary")).toBe("Accept-Encoding, Cookie");

    const changed = await get(`${server.url}/ai-tools?sort=Rating`, { "if-none-match": '"x"' });
    expect(changed.status).toBe(200);
    expect(changed.body).toBe(first.body);

    const head = await fetch(`${server.url}/ai-tools?sort=Rating`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(etag);
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(1000);
  });

  it("answers a cached page with every security header, and still refuses a malformed request for it", async () => {
    await get(`${server.url}/privacy-policy`);
    const hit = await get(`${server.url}/privacy-policy`);
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(hit.headers.get("x-content-type-options")).toBe("nosniff");
    expect(hit.headers.get("x-frame-options")).toBe("DENY");
    expect(hit.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(hit.headers.get("content-security-policy")).toMatch(/script-src 'self' 'sha256-/);

    const forwardedFromNowhere = await get(`${server.url}/privacy-policy`, {
      "x-forwarded-for": "not an address",
    });
    expect(forwardedFromNowhere.status).toBe(400);
    const withBody = await fetch(`${server.url}/privacy-policy`, {
      method: "POST",
      headers: { "content-type": "text/plain", origin: APP_URL },
      body: "x",
    });
    expect(withBody.headers.get("x-cache")).toBeNull();
  });

  it("sends the stored brotli, gzip and plain forms of one page under one tag", async () => {
    const forms = await Promise.all(
      ["br", "gzip", "identity"].map(async (encoding) => {
        const response = await fetch(`${server.url}/disclaimer`, {
          headers: { "accept-encoding": encoding },
        });
        return {
          encoding: response.headers.get("content-encoding"),
          etag: response.headers.get("etag"),
          body: await response.text(),
        };
      }),
    );
    expect(forms.map((form) => form.encoding)).toEqual(["br", "gzip", null]);
    expect(new Set(forms.map((form) => form.etag)).size).toBe(1);
    expect(new Set(forms.map((form) => form.body)).size).toBe(1);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "the render cache on two servers (needs TEST_DATABASE_URL: PGlite is one process's database)",
  () => {
    let servers: RunningServer[] = [];
    let drop: () => Promise<void>;

    beforeAll(async () => {
      buildOnce();
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "render_cache");
      drop = scratch.drop;
      const first = await startProductionServer(scratch.url);
      await seedDemoCatalogue(first.app.database.db, 30);
      await first.app.snapshotKeeper.reload();
      servers = [first, await startProductionServer(scratch.url)];
    }, BUILD_MS);
    afterAll(async () => {
      for (const server of servers) await server.close();
      await drop?.();
    });

    it("drops a cached page within a second of an admin edit made on the other server", async () => {
      const [writer, reader] = servers as [RunningServer, RunningServer];
      const name = `Cache Probe ${randomBytes(3).toString("hex")}`;
      const input = toolInput({ name, category: "Sales", subCategory: "Lead Generation" });
      const saved = await writer.app.services.createTool(ACTOR, input);
      const page = `${reader.url}${saved.publicPath}`;
      await expect.poll(async () => (await get(page)).status).toBe(200);
      await get(page);
      const cached = await get(page);
      expect(cached.headers.get("x-cache")).toBe("HIT");

      const renamed = `${name} Renamed`;
      const revision = reader.app.snapshotKeeper.catalogueRevision;
      await writer.app.services.updateTool(ACTOR, saved.id, { ...input, name: renamed });
      const editedAt = performance.now();
      // The cache drops its pages once the reader's catalogue revision moves; the render that
      // follows is a page view like any other, timed by bench:pages, not by this rule.
      while (
        reader.app.snapshotKeeper.catalogueRevision === revision &&
        performance.now() - editedAt < 5_000
      ) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(performance.now() - editedAt).toBeLessThan(1_000);
      const shown = await get(page);
      expect(shown.body).toContain(renamed);
      expect(shown.headers.get("x-cache")).toBe("MISS");
    });
  },
);
