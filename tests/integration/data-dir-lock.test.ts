import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  DataDirLockedError,
  lockDataDir,
  ownLockHolder,
  type LockHolder,
} from "#server/db/lock.server";

const lockModule = fileURLToPath(new URL("../../server/db/lock.server.ts", import.meta.url));

/** Another process that takes the lock of `dataDir` and keeps it until killed. */
async function startHolder(dataDir: string): Promise<ChildProcess> {
  const code =
    `const { lockDataDir } = await import(${JSON.stringify(lockModule)});` +
    `await lockDataDir(${JSON.stringify(dataDir)}); console.log("locked"); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code]);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("locked") && resolve());
    child.once("exit", (status) => reject(new Error(`the holder exited with ${status}`)));
  });
  return child;
}

const lockFile = (dataDir: string) => path.join(dataDir, "server.lock");
const readLock = async (dataDir: string) =>
  JSON.parse(await readFile(lockFile(dataDir), "utf8")) as LockHolder;

describe("DATA_DIR lock file", () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "lock-test-"));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("records this process (id, host, boot, start time) and removes the file on release", async () => {
    const release = await lockDataDir(dataDir);
    const holder = await readLock(dataDir);
    expect(holder).toEqual(await ownLockHolder());
    expect(holder.pid).toBe(process.pid);
    if (process.platform === "linux") {
      expect(holder.bootId).toMatch(/^[0-9a-f-]{36}$/);
      expect(holder.startTicks).toMatch(/^\d+$/);
    }
    await release();
    await expect(readFile(lockFile(dataDir))).rejects.toThrow();
  });

  it("refuses while another running process holds the lock", async () => {
    const other = await startHolder(dataDir);
    try {
      expect((await readLock(dataDir)).pid).toBe(other.pid);
      const attempt = lockDataDir(dataDir);
      await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(attempt).rejects.toThrow(/Another server \(process \d+\) is using/);
    } finally {
      other.kill();
    }
  });

  it("refuses a second lock in the process that holds it", async () => {
    const release = await lockDataDir(dataDir);
    try {
      await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await release();
    }
  });

  it("takes over a lock left by a process that has stopped", async () => {
    await writeFile(lockFile(dataDir), "999999999");
    const release = await lockDataDir(dataDir);
    expect((await readLock(dataDir)).pid).toBe(process.pid);
    await release();
    await writeFile(
      lockFile(dataDir),
      JSON.stringify({ ...(await ownLockHolder()), pid: 999_999_999 }),
    );
    await (
      await lockDataDir(dataDir)
    )();
  });

  it("refuses a lock another host keeps touching (two containers on one volume)", async () => {
    const own = await ownLockHolder();
    await writeFile(lockFile(dataDir), JSON.stringify({ ...own, host: "another-container" }));
    await expect(lockDataDir(dataDir)).rejects.toThrow(/Another server/);
  });

  it.skipIf(process.platform !== "linux")(
    "takes over a lock whose process id is running again but is another process (a fresh container, a reboot)",
    async () => {
      const own = await ownLockHolder();
      const otherMarks: Partial<LockHolder>[] = [
        { startTicks: "1" },
        { bootId: "00000000-0000-0000-0000-000000000000" },
        { host: "another-container" },
        { instance: "an earlier process" },
      ];
      const longAgo = new Date(Date.now() - 120_000);
      for (const marks of otherMarks) {
        await writeFile(lockFile(dataDir), JSON.stringify({ ...own, ...marks }));
        // Another host's lock is judged by its heartbeat: this one stopped two minutes ago.
        await utimes(lockFile(dataDir), longAgo, longAgo);
        const release = await lockDataDir(dataDir);
        expect(await readLock(dataDir)).toEqual(own);
        await release();
      }

      const other = await startHolder(dataDir);
      try {
        const holder = await readLock(dataDir);
        for (const marks of otherMarks.slice(0, 3)) {
          await writeFile(lockFile(dataDir), JSON.stringify({ ...holder, ...marks }));
          await utimes(lockFile(dataDir), longAgo, longAgo);
          await (
            await lockDataDir(dataDir)
          )();
        }
      } finally {
        other.kill();
      }
    },
  );
});
