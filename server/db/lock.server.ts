import { link, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another server (process ${pid}) is using ${dataDir}. PGlite cannot share its files between ` +
        `processes: stop that server, or start this one with another DATA_DIR or a DATABASE_URL.`,
    );
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function readHolder(lockPath: string): Promise<number | null> {
  const text = await readFile(lockPath, "utf8").catch(() => "");
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/**
 * Takes the exclusive lock file of DATA_DIR for this process. The file appears with its process id
 * already in it (written aside, then hard-linked into place), so no other process can read it
 * half-written. A lock whose process is no longer running is taken over. Returns the release.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "server.lock");
  const ownPath = `${lockPath}.${process.pid}`;
  await writeFile(ownPath, String(process.pid));
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await link(ownPath, lockPath);
        return () => rm(lockPath, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        const pid = await readHolder(lockPath);
        if (pid !== null && pid !== process.pid && isRunning(pid)) {
          throw new DataDirLockedError(dataDir, pid);
        }
        // The holder has stopped without releasing (or the file is not ours): take it over.
        await rm(lockPath, { force: true });
      }
    }
    throw new Error(`Could not take the lock file in ${dataDir}`);
  } finally {
    await rm(ownPath, { force: true });
  }
}
