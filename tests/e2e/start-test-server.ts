import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createScratchDatabase } from "../scratch-database";

// Starts the built app for the end-to-end suite on a fresh DATA_DIR, on embedded PGlite, or with
// E2E_DATABASE=postgres on a new, empty database of the TEST_DATABASE_URL server.

process.env.NODE_ENV = "production";
process.env.DATA_DIR = await mkdtemp(path.join(tmpdir(), "e2e-data-"));
process.env.LOG_LEVEL ??= "warn";

if (process.env.E2E_DATABASE === "postgres") {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("E2E_DATABASE=postgres needs TEST_DATABASE_URL");
  process.env.DATABASE_URL = (await createScratchDatabase(serverUrl, "e2e")).url;
  process.env.AUTH_SECRET ??= randomBytes(32).toString("hex");
}

await import("#server/main.ts");
