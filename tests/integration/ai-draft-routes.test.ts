import type { ApiErrorBody } from "~/lib/api/contract";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DraftJobsAnswer, DraftJobsQueued } from "~/lib/api/contract";
import { EMPTY_TOOL_INPUT } from "~/lib/tool-input";
import { adminAiDraftRoutes } from "#server/routes/admin-ai-drafts.server";
import type { Application } from "#server/boot.server";
import type { DatabaseHandle } from "#server/db/client.server";
import { handleErrors } from "#server/http/error-handler.server";
import { createAiDraftServices } from "#server/services/ai-draft/ai-draft-services.server";
import { startFixtureSites, type FixtureSites } from "../support/fixture-sites";
import { databaseKind, openTestDatabase } from "./test-database";

// /api/admin/ai-drafts: admins only, input checked, bad ids a 404, never a 500.

const ADMIN = { id: "admin-1", email: "admin@example.com", emailVerified: true, isAdmin: true };
const READER = { id: "reader-1", email: "reader@example.com", emailVerified: true, isAdmin: false };

describe(`the AI draft routes on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let sites: FixtureSites;
  let server: http.Server;
  let base: string;
  let mediaDir: string;
  let services: ReturnType<typeof createAiDraftServices>;

  const call = (method: string, path: string, body?: unknown, as: string | null = ADMIN.id) =>
    fetch(`${base}/api/admin/ai-drafts${path}`, {
      method,
      headers: {
        ...(as ? { cookie: `viewer=${as}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const waitForReady = async (id: number) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { job } = (await (await call("GET", `/${id}`)).json()) as {
        job: { state: string };
      };
      if (job.state === "ready" || job.state === "failed") return job;
      if (Date.now() > deadline) throw new Error("the job did not finish");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    sites = await startFixtureSites();
    mediaDir = await mkdtemp(join(tmpdir(), "ai-draft-media-"));
    services = createAiDraftServices({
      db: database.db,
      mediaDir,
      logger: pino({ level: "silent" }),
      env: { FETCH_ALLOW_PRIVATE: true },
      databaseKind: database.kind,
    });
    await services.startDraftRunner();
    const viewers = new Map([ADMIN, READER].map((viewer) => [viewer.id, viewer]));
    const app = {
      readSignedIn: async (headers: Headers) => {
        const viewer = viewers.get(headers.get("cookie")?.replace("viewer=", "") ?? "");
        return viewer ? { viewer, sessionToken: "s" } : null;
      },
      services,
    } as unknown as Application;
    const logger = pino({ level: "silent" });
    const routes = express().use("/api/admin", adminAiDraftRoutes(app));
    routes.use(handleErrors(logger));
    server = http.createServer(routes).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await services.stopDraftRunner();
    server.closeAllConnections();
    server.close();
    await sites.close();
    await database.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it("refuses the signed out (401) and readers (403)", async () => {
    expect((await call("GET", "", undefined, null)).status).toBe(401);
    expect((await call("GET", "", undefined, READER.id)).status).toBe(403);
    expect((await call("POST", "", { addresses: "a.example" }, READER.id)).status).toBe(403);
    expect((await call("DELETE", "/1", undefined, READER.id)).status).toBe(403);
  });

  it("answers 400 for bad bodies and 404 for ids that name no job", async () => {
    expect((await call("POST", "", { addresses: 3 })).status).toBe(400);
    expect((await call("POST", "", { addresses: "no addresses here" })).status).toBe(400);
    expect((await call("POST", "", "[")).status).toBe(400);
    const array = await call("POST", "", []);
    expect(array.status).toBe(400);
    const refusal = (await array.json()) as ApiErrorBody;
    expect(Object.values(refusal.error.fields ?? {})).toContain(
      'Send the addresses as { "addresses": "one per line" }.',
    );
    const retry = await call("POST", "/1/retry", { ignoreDuplicate: "yes" });
    expect(((await retry.json()) as ApiErrorBody).error.fields).toEqual({
      ignoreDuplicate: "ignoreDuplicate must be true or false.",
    });
    for (const id of ["abc", "0", "-1", "1.5", "99999999999", "424242"]) {
      expect((await call("GET", `/${id}`)).status).toBe(404);
      expect((await call("POST", `/${id}/cancel`)).status).toBe(404);
      expect((await call("POST", `/${id}/retry`, {})).status).toBe(404);
      expect((await call("DELETE", `/${id}`)).status).toBe(404);
    }
  });

  it("queues, lists, redrafts a field, saves once and deletes a job", async () => {
    const posted = await call("POST", "", {
      addresses: `${sites.url("/jsonld")}\nnot an address:`,
    });
    expect(posted.status).toBe(201);
    const queued = (await posted.json()) as DraftJobsQueued;
    expect(queued.jobs).toHaveLength(1);
    const id = queued.jobs[0]!.id;
    const listed = (await (await call("GET", "")).json()) as DraftJobsAnswer;
    expect(listed.model).toBeNull();
    expect(listed.jobs.map((job) => job.id)).toContain(id);
    expect((await waitForReady(id)).state).toBe("ready");

    const badField = await call("POST", `/${id}/redraft`, { field: "websiteUrl" });
    expect(badField.status).toBe(400);
    const redrafted = await call("POST", `/${id}/redraft`, { field: "name" });
    expect(redrafted.status).toBe(200);
    expect(await redrafted.json()).toMatchObject({ field: "name" });

    expect((await call("POST", `/${id}/save`, { tool: { name: "" } })).status).toBe(400);
    const tool = {
      ...EMPTY_TOOL_INPUT,
      name: "Saved From Draft",
      websiteUrl: sites.url("/jsonld"),
    };
    const saved = await call("POST", `/${id}/save`, { tool });
    expect(saved.status).toBe(201);
    expect(await saved.json()).toMatchObject({ tool: { publicPath: expect.any(String) } });
    const again = await call("POST", `/${id}/save`, { tool });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toContain(
      "Saved From Draft",
    );
    expect((await call("POST", `/${id}/retry`, {})).status).toBe(409);
    expect((await call("DELETE", `/${id}`)).status).toBe(204);
    expect((await call("GET", `/${id}`)).status).toBe(404);
  });
});
