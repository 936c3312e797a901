import http from "node:http";
import type { AddressInfo } from "node:net";
import express, { type ErrorRequestHandler } from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminToolsQuery } from "~/lib/admin-tools-query";
import { adminRoutes } from "#server/routes/admin.server";
import type { Application } from "#server/boot.server";
import type { DatabaseHandle } from "#server/db/client.server";
import { AppError } from "#server/core/errors.server";
import { seedDemoCatalogue } from "#server/seed/seed-demo.server";
import { getEditableTool } from "#server/services/admin/get-editable-tool.server";
import { listAdminTools } from "#server/services/admin/list-admin-tools.server";
import {
  importCatalogue,
  type ImportFile,
} from "#server/services/import-export/import-catalogue.server";
import { databaseKind, openTestDatabase } from "./test-database";

// A NUL byte in the admin search or an import file is the client's mistake (a 400 or a
// rejected row), never a database error answered with 500.

const ADMIN = { id: "admin-1", email: "admin@example.com", isAdmin: true };

describe(`control characters at the admin API on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemoCatalogue(database.db, 10);
    const app = {
      readSignedIn: async () => ({ viewer: ADMIN }),
      services: {
        listAdminTools: (query: AdminToolsQuery) => listAdminTools(database.db, query),
        importCatalogue: (actor: typeof ADMIN, file: ImportFile, options: { dryRun: boolean }) =>
          importCatalogue(database.db, actor, file, options),
      },
    } as unknown as Application;
    // The API's error handler as far as these routes need it: AppError as its status, else 500.
    const errors: ErrorRequestHandler = (error, _req, res, _next) => {
      if (error instanceof AppError) res.status(error.status).json(error.toJSON());
      else res.status(500).json({ error: { code: "INTERNAL", message: String(error) } });
    };
    const routes = express().use("/api/admin", adminRoutes(app, pino({ level: "silent" })), errors);
    server = http.createServer(routes).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/admin`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await database.close();
  });

  it("answers 400 naming the field for a NUL in the tool search or category", async () => {
    for (const query of ["search=a%00b", "category=%00", "search=%1b%5b31m"]) {
      const response = await fetch(`${base}/tools?${query}`);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { code: string; fields: object } };
      expect(body.error.code).toBe("INVALID");
      expect(Object.keys(body.error.fields)).toEqual([query.split("=")[0]]);
    }
    expect((await fetch(`${base}/tools?search=demo`)).status).toBe(200);
  });

  it("answers 400 naming the list item for a NUL in the third id of a bulk status change", async () => {
    const response = await fetch(`${base}/tools/status`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        ids: ["demo-0001", "demo-0002", "demo-\u00000003"],
        status: "offline",
      }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; fields: object } };
    expect(body.error.code).toBe("INVALID");
    expect(Object.keys(body.error.fields)).toEqual(["ids.2"]);
  });

  it("rejects an imported row whose name holds a NUL, and records the job", async () => {
    for (const dryRun of ["1", "0"]) {
      const response = await fetch(`${base}/import?format=csv&name=tools.csv&dryRun=${dryRun}`, {
        method: "POST",
        body: "name,category\r\nGood Row,Sales\r\nBad\u0000Name,Sales\r\n",
      });
      expect(response.status).toBe(200);
      const report = (await response.json()) as {
        status: string;
        jobId: number;
        problems: { row: number; name: string; reasons: string[] }[];
      };
      expect(report.status).toBe("rejected");
      expect(report.jobId).toBeGreaterThan(0);
      expect(report.problems).toEqual([
        {
          row: 3,
          name: "Bad\ufffdName",
          reasons: [expect.stringMatching(/^name: The name holds a control character/)],
        },
      ]);
    }
  });

  it("reports a JSON file whose column name holds a NUL as a file it cannot read", async () => {
    const response = await fetch(`${base}/import?format=json&name=tools.json`, {
      method: "POST",
      body: JSON.stringify([{ name: "Fine", "col\u0000umn": 1 }]),
    });
    expect(response.status).toBe(200);
    const report = (await response.json()) as { status: string; message: string };
    expect(report.status).toBe("failed");
    expect(report.message).toContain("col\ufffdumn");
  });

  it("finds no tool to edit for an id holding a NUL (the edit page answers 404)", async () => {
    expect(await getEditableTool(database.db, "demo-0001")).not.toBeNull();
    expect(await getEditableTool(database.db, "demo-0001\u0000")).toBeNull();
  });

  it("answers 400 for a NUL in the import's file name", async () => {
    const response = await fetch(`${base}/import?format=csv&name=a%00.csv`, {
      method: "POST",
      body: "name\r\nOne\r\n",
    });
    expect(response.status).toBe(400);
  });
});
