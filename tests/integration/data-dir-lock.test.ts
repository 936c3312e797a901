import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "../../server/db/lock.server";

describe("DATA_DIR lock file", () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "lock-test-"));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("writes this process's id and removes the file on release", async () => {
    const release = await lockDataDir(dataDir);
    expect(await readFile(path.join(dataDir, "server.lock"), "utf8")).toBe(String(process.pid));
    await release();
    await expect(readFile(path.join(dataDir, "server.lock"))).rejects.toThrow();
  });

  it("refuses while another running process holds the lock", async () => {
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      await writeFile(path.join(dataDir, "server.lock"), String(other.pid));
      const attempt = lockDataDir(dataDir);
      await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(attempt).rejects.toThrow(/Another server \(process \d+\) is using/);
    } finally {
      other.kill();
    }
  });

  it("takes over a lock left by a process that has stopped", async () => {
    await writeFile(path.join(dataDir, "server.lock"), "999999999");
    const release = await lockDataDir(dataDir);
    expect(await readFile(path.join(dataDir, "server.lock"), "utf8")).toBe(String(process.pid));
    await release();
  });
});
