import { randomBytes } from "node:crypto";
import pg from "pg";

/** One statement on its own connection (CREATE and DROP DATABASE cannot run in a pool's transaction). */
export async function runOnDatabaseServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database on the PostgreSQL server of `serverUrl` (a user that may create
 * databases), for one test run. Returns its URL and the function that drops it.
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const runOnServer = (statement: string) => runOnDatabaseServer(serverUrl, statement);
  await runOnServer(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runOnServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
