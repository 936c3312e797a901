import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

// Starts the built app for the end-to-end suite on a fresh DATA_DIR, on embedded PGlite, or with
// E2E_DATABASE=postgres on a new, empty database of the TEST_DATABASE_URL server.

process.env.NODE_ENV = "production";
process.env.DATA_DIR = await mkdtemp(path.join(tmpdir(), "e2e-data-"));
process.env.LOG_LEVEL ??= "warn";

if (process.env.E2E_DATABASE === "postgres") {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("E2E_DATABASE=postgres needs TEST_DATABASE_URL");
  const name = `e2e_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  process.env.AUTH_SECRET ??= randomBytes(32).toString("hex");
}

await import("../../server/main.ts");
