import { count } from "drizzle-orm";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCommentImportRoutes } from "#server/routes/admin-comment-import.server";
import { adminImportRoutes } from "#server/routes/admin-import.server";
import type { Application } from "#server/boot.server";
import type { DatabaseHandle } from "#server/db/client.server";
import { commentImportJobs, comments, importJobs, tools } from "#server/db/schema";
import { handleErrors } from "#server/http/error-handler.server";
import { createCommentImportServices } from "#server/services/comment-import/comment-import-services.server";
import { createImportExportServices } from "#server/services/import-export/import-export-services.server";
import { deepDisqusExport, disqusExport } from "../comment-exports";
import { createToolRow } from "../factories";
import { databaseKind, openTestDatabase } from "./test-database";
import { serveForTest, type ServedForTest } from "../support/serve-for-test";

// A file nested far deeper than any export is refused at once with a 413 naming the
// limit, and nothing of it is imported. The Disqus file is the one that once held the server for
// 13.5 minutes. The server answers a small import of each kind first, as a running one has, so
// the time measured is the refusal's, not the first request's loading.

const ADMIN = { id: "admin-1", email: "admin@example.com", emailVerified: true, isAdmin: true };

describe(`imports of deeply nested files on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let served: ServedForTest;
  let base: string;

  const send = async (path: string, query: Record<string, string>, body: string) => {
    const started = performance.now();
    const answer = await fetch(
      `${base}/api/admin/${path}?${new URLSearchParams(query).toString()}`,
      {
        method: "POST",
        headers: { cookie: `viewer=${ADMIN.id}`, "content-type": "application/octet-stream" },
        body,
      },
    );
    const text = await answer.text();
    return { status: answer.status, text, ms: performance.now() - started };
  };
  const rowsOf = async (table: typeof comments | typeof tools) =>
    (await database.db.select({ n: count() }).from(table))[0]!.n;

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.insert(tools).values([createToolRow({ id: "deep-tool", slug: "deep-tool" })]);
    const app = {
      readSignedIn: async (headers: Headers) =>
        headers.get("cookie") === `viewer=${ADMIN.id}`
          ? { viewer: ADMIN, sessionToken: "s" }
          : null,
      services: {
        ...createCommentImportServices({ db: database.db }),
        ...createImportExportServices({ db: database.db }),
      },
    } as unknown as Application;
    const logger = pino({ level: "silent" });
    const routes = express()
      .use("/api/admin", adminCommentImportRoutes(app, logger))
      .use("/api/admin", adminImportRoutes(app, logger));
    routes.use(handleErrors(logger));
    served = await serveForTest(routes);
    base = served.url;
    const small = disqusExport(
      [{ id: "t1", link: "https://old.example/a" }],
      [{ id: "p1", thread: "t1", message: "<p>Hi</p>" }],
    );
    expect((await send("comment-import", { name: "warm.xml", dryRun: "1" }, small)).status).toBe(
      200,
    );
    const tool = '[{"name":"Warm","category":"Writing"}]';
    expect((await send("import", { name: "t.json", format: "json" }, tool)).status).toBe(200);
    await database.db.delete(commentImportJobs);
    await database.db.delete(importJobs);
  });
  afterAll(async () => {
    served.close();
    await database.close();
  });

  it("refuses a 700 KB Disqus export nested 100,000 deep within a second, naming the limit", async () => {
    const file = deepDisqusExport(100_000);
    expect(file.length).toBeGreaterThan(700_000);
    const answer = await send("comment-import", { name: "export.xml" }, file);
    expect(answer.ms).toBeLessThan(1_000);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text).error.message).toMatch(
      /is nested deeper than 16 levels\. Nothing was imported\./,
    );
    expect(await rowsOf(comments)).toBe(0);
    const [job] = await database.db.select().from(commentImportJobs);
    expect(job!.status).toBe("rejected");
  });

  it("tells the limit on the progress stream too", async () => {
    const answer = await send(
      "comment-import",
      { name: "export.xml", stream: "1" },
      deepDisqusExport(10_000),
    );
    const last = JSON.parse(answer.text.trim().split("\n").at(-1)!);
    expect(last.error).toMatchObject({ code: "TOO_LARGE" });
    expect(last.error.message).toMatch(/nested deeper than 16 levels/);
  });

  it("refuses a deeply nested JSON comment file with a 413 naming the limit", async () => {
    const comment = `{"id":"1","thread":"t","author":"A","createdAt":"2021-01-01T00:00:00Z","format":"markdown","body":"hi","extra":${'{"a":'.repeat(50_000)}1${"}".repeat(50_000)}}`;
    const file = `{"source":"deep","threads":[{"id":"t","toolId":"deep-tool"}],"comments":[${comment}]}`;
    const answer = await send("comment-import", { name: "comments.json" }, file);
    expect(answer.ms).toBeLessThan(1_000);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text).error.message).toMatch(/is nested deeper than 16 levels/);
    expect(await rowsOf(comments)).toBe(0);
  });

  it("refuses a deeply nested JSON mapping file sent with the export", async () => {
    const mapping = `{"/a":${"[".repeat(50_000)}${"]".repeat(50_000)}}`;
    const answer = await send(
      "comment-import",
      { name: "export.xml", mappingBytes: String(mapping.length), mappingName: "map.json" },
      mapping + deepDisqusExport(1),
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text).error.message).toMatch(
      /The mapping file map\.json is nested deeper than 4 levels/,
    );
  });

  it("refuses a JSON catalogue file of more values than an import can hold", async () => {
    const answer = await send(
      "import",
      { name: "tools.json", format: "json" },
      `[${"0,".repeat(3_000_000)}0]`,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text).error.message).toBe(
      "The file has more than 3,000,000 values. Nothing was imported.",
    );
  });

  it("refuses a deeply nested JSON catalogue file with a 413 naming the limit", async () => {
    const before = await rowsOf(tools);
    const file = `[{"name":"Deep","category":"Writing","pricing":${"[".repeat(100_000)}${"]".repeat(100_000)}}]`;
    const answer = await send("import", { name: "tools.json", format: "json" }, file);
    expect(answer.ms).toBeLessThan(1_000);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text).error.message).toBe(
      "The file is nested deeper than 8 levels. Nothing was imported.",
    );
    expect(await rowsOf(tools)).toBe(before);
    // Each refused file is in the history, as failed.
    const jobs = await database.db.select().from(importJobs);
    expect(jobs.map((job) => job.status)).toEqual(["failed", "failed"]);
  });
});
