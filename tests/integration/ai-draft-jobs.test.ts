import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { adminToolsQuerySchema } from "~/lib/admin-tools-query";
import { EMPTY_TOOL_INPUT } from "~/lib/tool-input";
import type { DatabaseHandle } from "#server/db/client.server";
import { aiDraftJobs, tools } from "#server/db/schema";
import { listAdminTools } from "#server/services/admin/list-admin-tools.server";
import { listTaxonomySuggestions } from "#server/services/admin/list-taxonomy-suggestions.server";
import { removeUnusedImages } from "#server/media/tool-images.server";
import { cancelDraftJob } from "#server/services/ai-draft/cancel-draft-job.server";
import { deleteDraftJob } from "#server/services/ai-draft/delete-draft-job.server";
import {
  claimNextDraftJob,
  DraftJobRunner,
} from "#server/services/ai-draft/draft-job-runner.server";
import { findDuplicateTool } from "#server/services/ai-draft/find-duplicate-tool.server";
import { getDraftJob } from "#server/services/ai-draft/get-draft-job.server";
import { queueDraftJobs } from "#server/services/ai-draft/queue-draft-jobs.server";
import { retryDraftJob } from "#server/services/ai-draft/retry-draft-job.server";
import { saveDraftAsTool } from "#server/services/ai-draft/save-draft-as-tool.server";
import { SnapshotKeeper } from "#server/snapshot/snapshot-keeper.server";
import { createToolRow } from "../factories";
import { startFixtureSites, type FixtureSites } from "../support/fixture-sites";
import { databaseKind, openTestDatabase } from "./test-database";

const ADMIN = { id: "admin-1", email: "admin@example.com" };

describe(`AI draft jobs on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let sites: FixtureSites;
  let runner: DraftJobRunner | null = null;
  let mediaDir: string;
  const findDuplicate = (siteKey: string) => findDuplicateTool(database.db, siteKey);
  /** The same fixture sites under a second host name: one host per name for the runner. */
  const otherHost = (path: string) => sites.url(path).replace("127.0.0.1", "localhost");

  const startRunner = async () => {
    runner = new DraftJobRunner({
      db: database.db,
      databaseKind: database.kind,
      logger: pino({ level: "silent" }),
      draftSettings: async () => ({
        allowPrivate: true,
        mediaDir,
        model: null,
        taxonomy: await listTaxonomySuggestions(database.db),
        findDuplicate,
      }),
    });
    await runner.start();
    return runner;
  };
  const queue = (text: string) => queueDraftJobs(database.db, ADMIN, text, findDuplicate);
  const stateOf = async (id: number) => (await getDraftJob(database.db, id))!;
  const waitFor = async (check: () => Promise<boolean>, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error("timed out waiting");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    sites = await startFixtureSites();
    mediaDir = await mkdtemp(path.join(tmpdir(), "ai-draft-jobs-"));
    await database.db.insert(tools).values(
      createToolRow({
        id: "catalogued",
        slug: "catalogued",
        name: "Catalogued",
        websiteUrl: "https://www.catalogued.example/",
      }),
    );
  });
  afterEach(async () => {
    await runner?.stop();
    runner = null;
    await database.db.delete(aiDraftJobs);
  });
  afterAll(async () => {
    await sites.close();
    await database.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it("queues valid addresses, refuses invalid and repeated ones, and fails a duplicate before any fetch", async () => {
    const queued = await queue(
      "url\nhttps://new-tool.example/?utm_source=x\nftp://files.example/a\ncatalogued.example/\nhttps://new-tool.example/",
    );
    expect(queued.jobs.map((job) => [job.url, job.state])).toEqual([
      ["https://new-tool.example/", "queued"],
      ["https://catalogued.example/", "failed"],
    ]);
    expect(queued.jobs[1]!.failure?.code).toBe("duplicate");
    expect(queued.jobs[1]!.duplicateOf).toMatchObject({ id: "catalogued", name: "Catalogued" });
    expect(queued.refused).toEqual([
      { address: "ftp://files.example/a", message: "Only http and https addresses are fetched." },
      { address: "https://new-tool.example/", message: "This address is already being drafted." },
    ]);
    const again = await queue("new-tool.example");
    expect(again.jobs).toEqual([]);
    expect(again.refused[0]!.message).toBe("This address is already being drafted.");
  });

  it("refuses more than 100 addresses with their count", async () => {
    const list = Array.from({ length: 101 }, (_, i) => `site-${i}.example`).join("\n");
    await expect(queue(list)).rejects.toMatchObject({
      code: "INVALID",
      message: "At most 100 addresses at a time; this list has 101.",
    });
    expect(await database.db.select().from(aiDraftJobs)).toEqual([]);
  });

  it("claims at most one job of a host at once, even when claims race", async () => {
    const hosts = Array.from({ length: 8 }, (_, i) => `host-${i}.example`);
    await queue(hosts.flatMap((host) => [`${host}/a`, `${host}/b`, `${host}/c`]).join("\n"));
    const claims = await Promise.all(
      Array.from({ length: 24 }, (_, i) => claimNextDraftJob(database.db, `runner-${i}`)),
    );
    const claimed = claims.filter((job) => job !== null);
    expect(claimed.map((job) => job.host).sort()).toEqual(hosts);
    expect(await claimNextDraftJob(database.db, "one-more")).toBeNull();
  });

  it("runs two hosts at once, one job of a host at a time, and a cancel mid-fetch ends the job at once", async () => {
    const queued = await queue(
      [sites.url("/slow"), sites.url("/jsonld"), otherHost("/meta-only")].join("\n"),
    );
    const [slow, jsonld, other] = queued.jobs.map((job) => job.id) as [number, number, number];
    await startRunner();
    await waitFor(async () => (await stateOf(other)).state === "ready");
    expect((await stateOf(slow)).state).toBe("fetching");
    expect((await stateOf(jsonld)).state).toBe("queued");

    const cancelledAt = Date.now();
    await cancelDraftJob(database.db, slow);
    await waitFor(async () => (await stateOf(jsonld)).state === "ready");
    expect(Date.now() - cancelledAt).toBeLessThan(5_000);
    const cancelled = await stateOf(slow);
    expect(cancelled.state).toBe("cancelled");
    expect(cancelled.failure?.code).toBe("cancelled");
    const ready = await stateOf(jsonld);
    expect(ready.draft.websiteUrl?.value).toBe(sites.url("/jsonld"));
    expect(ready.draftedFields).toBeGreaterThan(3);
  });

  it("gives running jobs the stop's grace, then hands those still running back to the queue", async () => {
    const queued = await queue(sites.url("/slow"));
    const slow = queued.jobs[0]!.id;
    const stopping = await startRunner();
    await waitFor(async () => (await stateOf(slow)).state === "fetching");

    const stoppedAt = Date.now();
    const stopped = stopping.stop(1_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await stateOf(slow)).state).toBe("fetching");
    await stopped;
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(950);
    const handedBack = await stateOf(slow);
    expect(handedBack).toMatchObject({ state: "queued", failure: null });
    const [row] = await database.db.select().from(aiDraftJobs).where(eq(aiDraftJobs.id, slow));
    expect(row!.runnerId).toBeNull();

    // The next runner (another server, or this one restarted) takes it afresh.
    await startRunner();
    await waitFor(async () => (await stateOf(slow)).state === "fetching");
  });

  it("names each failure on its job, keeps the website, and goes on with the others", async () => {
    const queued = await queue(
      [
        sites.url("/status/404"),
        sites.url("/challenge"),
        otherHost("/pdf"),
        otherHost("/jsonld"),
      ].join("\n"),
    );
    await startRunner();
    const ids = queued.jobs.map((job) => job.id);
    await waitFor(async () => {
      const jobs = await Promise.all(ids.map(stateOf));
      return jobs.every((job) => job.state === "ready" || job.state === "failed");
    });
    const jobs = await Promise.all(ids.map(stateOf));
    expect(jobs.map((job) => job.failure?.code ?? job.state)).toEqual([
      "http_error",
      "bot_challenge",
      "not_html",
      "ready",
    ]);
    expect(jobs[0]!.failure!.message).toContain("HTTP 404");
    expect(jobs[0]!.draft.websiteUrl).toMatchObject({ source: "address" });
  });

  it("fails jobs a previous run left running as interrupted, and runs the queued ones", async () => {
    const queued = await queue([sites.url("/jsonld"), otherHost("/jsonld")].join("\n"));
    const [left, waiting] = queued.jobs.map((job) => job.id) as [number, number];
    await database.db
      .update(aiDraftJobs)
      .set({
        state: "drafting",
        runnerId: "a-stopped-server",
        updatedAt: sql`now() - interval '10 minutes'`,
      })
      .where(eq(aiDraftJobs.id, left));
    await startRunner();
    expect((await stateOf(left)).failure?.code).toBe("interrupted");
    await waitFor(async () => (await stateOf(waiting)).state === "ready");
  });

  it("drafts a duplicate anyway after a retry that ignores it", async () => {
    await database.db
      .update(tools)
      .set({ websiteUrl: otherHost("/jsonld") })
      .where(eq(tools.id, "catalogued"));
    try {
      const [duplicate] = (await queue(otherHost("/jsonld"))).jobs;
      expect(duplicate!.failure?.code).toBe("duplicate");
      await retryDraftJob(database.db, duplicate!.id, { ignoreDuplicate: true });
      await startRunner();
      await waitFor(async () => (await stateOf(duplicate!.id)).state === "ready");
    } finally {
      await database.db
        .update(tools)
        .set({ websiteUrl: "https://www.catalogued.example/" })
        .where(eq(tools.id, "catalogued"));
    }
  });

  it("saves a draft as a tool with source ai once, and the catalogue shows it", async () => {
    const [job] = (await queue(sites.url("/jsonld"))).jobs;
    await startRunner();
    await waitFor(async () => (await stateOf(job!.id)).state === "ready");
    const input = { ...EMPTY_TOOL_INPUT, name: "Drafted Tool", websiteUrl: sites.url("/jsonld") };
    const saved = await saveDraftAsTool(database.db, ADMIN, job!.id, input);
    const [row] = await database.db.select().from(tools).where(eq(tools.id, saved.id));
    expect(row!.source).toBe("ai");
    const listed = await listAdminTools(
      database.db,
      adminToolsQuerySchema.parse({ search: "Drafted Tool" }),
    );
    expect(listed.tools.find((tool) => tool.id === saved.id)?.source).toBe("ai");
    expect((await stateOf(job!.id)).savedTool).toEqual({
      id: saved.id,
      name: "Drafted Tool",
      path: saved.publicPath,
    });
    const snapshot = await new SnapshotKeeper(database.db).reload();
    expect(snapshot.tools.some((tool) => tool.id === saved.id)).toBe(true);
    await expect(saveDraftAsTool(database.db, ADMIN, job!.id, input)).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining('"Drafted Tool"'),
    });
  });

  it("refuses to save a site the catalogue gained after drafting, unless the admin drafted anyway", async () => {
    const [job] = (await queue(sites.url("/pricing"))).jobs;
    await startRunner();
    await waitFor(async () => (await stateOf(job!.id)).state === "ready");
    await database.db.insert(tools).values(
      createToolRow({
        id: "added-meanwhile",
        slug: "added-meanwhile",
        name: "Added Meanwhile",
        websiteUrl: sites.url("/pricing"),
      }),
    );
    const input = { ...EMPTY_TOOL_INPUT, name: "Pricing Draft", websiteUrl: sites.url("/pricing") };
    await expect(saveDraftAsTool(database.db, ADMIN, job!.id, input)).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining('already in the catalogue: "Added Meanwhile"'),
    });
    expect((await stateOf(job!.id)).savedTool).toBeNull();
    await database.db
      .update(aiDraftJobs)
      .set({ ignoreDuplicate: true })
      .where(eq(aiDraftJobs.id, job!.id));
    const saved = await saveDraftAsTool(database.db, ADMIN, job!.id, input);
    expect((await stateOf(job!.id)).savedTool?.id).toBe(saved.id);
  });

  it("keeps a drafted main image while its job waits for review, and removes it with the job", async () => {
    const [job] = (await queue(otherHost("/jsonld"))).jobs;
    await startRunner();
    await waitFor(async () => (await stateOf(job!.id)).state === "ready");
    const image = (await stateOf(job!.id)).draft.mainImage!.value;
    expect(await removeUnusedImages(database.db, mediaDir, [image], 0)).toBe(0);
    await stat(path.join(mediaDir, image));
    await deleteDraftJob(database.db, mediaDir, job!.id);
    await expect(stat(path.join(mediaDir, image))).rejects.toThrow();
  });
});
