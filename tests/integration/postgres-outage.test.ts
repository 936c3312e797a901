import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import express from "express";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { healthCheck } from "#server/routes/health.server";
import { openPglite, openPostgres, type DatabaseHandle } from "#server/db/client.server";
import { createScratchDatabase } from "../scratch-database";
import { startTcpProxy } from "./tcp-proxy";

// With the database unreachable /healthz answers 503 within 5 s, and 200 again once it
// is back; no wait on PostgreSQL is unbounded.

const serverUrl = process.env.TEST_DATABASE_URL;

/** GET /healthz of a server that has only the health check, over `database`. */
async function startHealthServer(database: DatabaseHandle) {
  const app = express().get(
    "/healthz",
    healthCheck({ database, isBackgroundWorkDone: () => true }),
  );
  const server = http.createServer(app).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`;
  return {
    async check() {
      const started = performance.now();
      const response = await fetch(url);
      return {
        status: response.status,
        body: (await response.json()) as { ok: boolean; database: string },
        ms: performance.now() - started,
      };
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe("/healthz", () => {
  let database: DatabaseHandle;
  let health: Awaited<ReturnType<typeof startHealthServer>>;
  afterEach(async () => {
    await health.close();
    await database.close();
  });

  it("answers 200 while embedded PGlite answers", async () => {
    database = await openPglite(null);
    health = await startHealthServer(database);
    expect(await health.check()).toMatchObject({
      status: 200,
      body: { ok: true, database: "pglite" },
    });
  }, 60_000);

  it("answers 503 after about 2 s when the database does not answer at all", async () => {
    database = {
      kind: "postgres",
      ping: () => new Promise(() => {}),
      close: async () => {},
    } as unknown as DatabaseHandle;
    health = await startHealthServer(database);
    const answer = await health.check();
    expect(answer).toMatchObject({ status: 503, body: { ok: false } });
    expect(answer.ms).toBeGreaterThan(1_500);
    expect(answer.ms).toBeLessThan(5_000);
  });
});

describe.skipIf(!serverUrl)("PostgreSQL behind a line that fails", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!, "outage");
    const target = new URL(scratch.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  });
  afterAll(async () => {
    await proxy.close();
    await scratch.drop();
  });

  it("limits every pooled connection's statements and idle transactions", async () => {
    const database = await openPostgres(scratch.url);
    try {
      const setting = async (name: string) => {
        const result = await database.db.execute(sql.raw(`show ${name}`));
        return (result as unknown as { rows: Record<string, string>[] }).rows[0]?.[name];
      };
      expect(await setting("statement_timeout")).toBe("30s");
      expect(await setting("idle_in_transaction_session_timeout")).toBe("30s");
    } finally {
      await database.close();
    }
  });

  it("answers /healthz with 503 within 5 s while the database is unreachable, and 200 when it is back", async () => {
    const database = await openPostgres(proxy.urlThrough(scratch.url));
    const health = await startHealthServer(database);
    try {
      expect((await health.check()).status).toBe(200);

      proxy.cut();
      for (let check = 0; check < 3; check++) {
        const answer = await health.check();
        expect(answer).toMatchObject({
          status: 503,
          body: { ok: false, status: "unavailable", database: "postgres" },
        });
        expect(answer.ms).toBeLessThan(5_000);
      }

      proxy.restore();
      await expect
        .poll(async () => (await health.check()).status, { timeout: 20_000, interval: 500 })
        .toBe(200);
    } finally {
      proxy.restore();
      await health.close();
      await database.close();
    }
  }, 60_000);

  it("answers /healthz with 200 and status busy while every pooled connection is at work", async () => {
    const database = await openPostgres(scratch.url);
    const health = await startHealthServer(database);
    // Ten slow statements hold the pool's ten connections, and two more wait for one.
    const slow = Array.from({ length: 12 }, () =>
      Promise.resolve(database.db.execute(sql.raw("select pg_sleep(3)"))),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const answer = await health.check();
      expect(answer).toMatchObject({
        status: 200,
        body: { ok: true, status: "busy", database: "postgres" },
      });
      expect(answer.ms).toBeLessThan(2_000);
    } finally {
      await Promise.allSettled(slow);
      await health.close();
      await database.close();
    }
  }, 60_000);

  it("gives up on a LISTEN the server never answers, within the query limit", async () => {
    const database = await openPostgres(proxy.urlThrough(scratch.url), {
      listenChecks: { everyMs: 300, timeoutMs: 500 },
    });
    proxy.silenceWhenSent("LISTEN");
    try {
      const started = performance.now();
      await expect(database.listen("outage_events", () => {})).rejects.toThrow();
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      await database.close();
    }
  }, 60_000);

  it("listens again after a reconnection whose LISTEN went unanswered", async () => {
    const database = await openPostgres(proxy.urlThrough(scratch.url), {
      listenChecks: { everyMs: 300, timeoutMs: 500 },
    });
    const heard: string[] = [];
    let resyncs = 0;
    const stop = await database.listen(
      "outage_events",
      (payload) => heard.push(payload),
      () => resyncs++,
    );
    const writer = new pg.Client({ connectionString: scratch.url });
    await writer.connect();
    try {
      // The line dies; the first connection that replaces it hangs on its LISTEN.
      proxy.silenceWhenSent("LISTEN");
      proxy.cut();
      proxy.restore();
      await expect.poll(() => resyncs, { timeout: 30_000, interval: 200 }).toBe(1);
      await writer.query("select pg_notify('outage_events', 'after')");
      await expect.poll(() => heard).toEqual(["after"]);
    } finally {
      await stop();
      await writer.end();
      await database.close();
    }
  }, 60_000);

  it("finds a LISTEN connection gone silent, listens again, resyncs, and hears events again", async () => {
    const database = await openPostgres(proxy.urlThrough(scratch.url), {
      listenChecks: { everyMs: 300, timeoutMs: 500 },
    });
    const heard: string[] = [];
    let resyncs = 0;
    const stop = await database.listen(
      "outage_events",
      (payload) => heard.push(payload),
      () => resyncs++,
    );
    // Another server's writes reach PostgreSQL straight, not through the failing line.
    const writer = new pg.Client({ connectionString: scratch.url });
    await writer.connect();
    const notify = (payload: string) =>
      writer.query("select pg_notify('outage_events', $1)", [payload]);
    try {
      await notify("before");
      await expect.poll(() => heard).toEqual(["before"]);

      proxy.cut();
      const attemptsBefore = proxy.heldConnections;
      await notify("while cut");
      // The silent connection is found and a new one tried while the line is still down.
      await expect
        .poll(() => proxy.heldConnections, { timeout: 10_000 })
        .toBeGreaterThan(attemptsBefore);
      expect(resyncs).toBe(0);

      proxy.restore();
      await expect.poll(() => resyncs, { timeout: 30_000, interval: 200 }).toBe(1);
      await notify("after");
      await expect.poll(() => heard).toEqual(["before", "after"]);
    } finally {
      proxy.restore();
      await stop();
      await writer.end();
      await database.close();
    }
  }, 60_000);
});
