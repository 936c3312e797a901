import http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { count } from "drizzle-orm";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommentImportReport } from "~/lib/comment-import";
import { adminCommentImportRoutes } from "#server/routes/admin-comment-import.server";
import type { Application } from "#server/boot.server";
import type { DatabaseHandle } from "#server/db/client.server";
import { comments, tools } from "#server/db/schema";
import { handleErrors } from "#server/http/error-handler.server";
import { createCommentImportServices } from "#server/services/comment-import/comment-import-services.server";
import { disqusExport } from "../comment-exports";
import { createToolRow } from "../factories";
import { databaseKind, openTestDatabase } from "./test-database";

// POST /api/admin/comment-import: the body is a mapping file then the export, streamed to disk.

const ADMIN = { id: "admin-1", email: "admin@example.com", emailVerified: true, isAdmin: true };
const READER = { id: "reader-1", email: "reader@example.com", emailVerified: true, isAdmin: false };

describe(`the comment import route on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let server: http.Server;
  let base: string;

  const send = (query: Record<string, string>, body: Buffer, as = ADMIN.id) =>
    fetch(`${base}/api/admin/comment-import?${new URLSearchParams(query).toString()}`, {
      method: "POST",
      headers: { cookie: `viewer=${as}`, "content-type": "application/octet-stream" },
      body: new Uint8Array(body),
    });

  const exportText = disqusExport(
    [
      { id: "t1", link: "https://old.example/blog/writing-tools-2019" },
      { id: "t2", link: "https://old.example/ai-tools/sales/lead-gen/route-crm/" },
    ],
    [
      { id: "1", thread: "t1" },
      { id: "2", thread: "t2" },
    ],
  );

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db
      .insert(tools)
      .values([
        createToolRow({ id: "route-writer", slug: "route-writer" }),
        createToolRow({ id: "route-crm", slug: "route-crm" }),
      ]);
    const viewers = new Map([ADMIN, READER].map((viewer) => [viewer.id, viewer]));
    const app = {
      readSignedIn: async (headers: Headers) => {
        const viewer = viewers.get(headers.get("cookie")?.replace("viewer=", "") ?? "");
        return viewer ? { viewer, sessionToken: "s" } : null;
      },
      services: createCommentImportServices({ db: database.db }),
    } as unknown as Application;
    const logger = pino({ level: "silent" });
    const routes = express().use("/api/admin", adminCommentImportRoutes(app, logger));
    routes.use(handleErrors(logger));
    server = http.createServer(routes).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    server.close();
    await database.close();
  });

  it("reads the mapping file from the start of the body and the export after it", async () => {
    const mapping = Buffer.from("thread,tool\n/blog/writing-tools-2019,route-writer\n");
    const answer = await send(
      {
        name: "export.xml",
        dryRun: "1",
        mappingBytes: String(mapping.length),
        mappingName: "map.csv",
      },
      Buffer.concat([mapping, Buffer.from(exportText)]),
    );
    expect(answer.status).toBe(200);
    const report = (await answer.json()) as CommentImportReport;
    expect(report).toMatchObject({ status: "succeeded", matchedThreads: 2, toImport: 2 });
    expect(report.matchedSamples.map((sample) => sample.matchedBy).sort()).toEqual([
      "mapping",
      "path",
    ]);
  });

  it("imports a gzipped export and streams progress lines before the report", async () => {
    const answer = await send({ name: "export.xml.gz", stream: "1" }, gzipSync(exportText));
    expect(answer.headers.get("content-type")).toMatch(/application\/x-ndjson/);
    const lines = (await answer.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.at(0)).toHaveProperty("progress");
    const { report } = lines.at(-1) as { report: CommentImportReport };
    expect(report).toMatchObject({ status: "succeeded", imported: 1, unmatchedThreads: 1 });
    expect((await database.db.select({ n: count() }).from(comments))[0]!.n).toBe(1);
  });

  it("refuses a damaged or cut-off .gz with a rejected report, not a 500", async () => {
    const countComments = async () =>
      (await database.db.select({ n: count() }).from(comments))[0]!.n;
    const before = await countComments();
    const whole = gzipSync(exportText);
    for (const body of [Buffer.from("garbage\n"), whole.subarray(0, 40)]) {
      const answer = await send({ name: "export.xml.gz", dryRun: "1" }, body);
      expect(answer.status).toBe(200);
      const report = (await answer.json()) as CommentImportReport;
      expect(report.status).toBe("rejected");
      expect(report.message).toMatch(/not a valid or complete gzip file/);
    }
    expect(await countComments()).toBe(before);
  });

  it("refuses a file name it cannot read and a reserved source, naming the field", async () => {
    const badName = await send({ name: "export.csv" }, Buffer.from(exportText));
    expect(badName.status).toBe(400);
    expect((await badName.json()).error.fields).toEqual({
      name: "Choose an .xml, .xml.gz or .json file.",
    });
    const badSource = await send({ name: "export.xml", source: "demo" }, Buffer.from(exportText));
    expect(badSource.status).toBe(400);
    expect((await badSource.json()).error.fields).toHaveProperty("source");
  });

  it("is for admins only", async () => {
    const answer = await send({ name: "export.xml" }, Buffer.from(exportText), READER.id);
    expect(answer.status).toBe(403);
  });
});
