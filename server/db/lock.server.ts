import { mkdir, open, readFile, rm } from "node:fs/promises";
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

/**
 * Takes the exclusive lock file of DATA_DIR for this process. A lock left by a process that is no
 * longer running is taken over. Returns the function that releases it.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockPath, "wx");
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number((await readFile(lockPath, "utf8").catch(() => "")).trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid)) {
        throw new DataDirLockedError(dataDir, pid);
      }
      await rm(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock file in ${dataDir}`);
}
