import { randomUUID } from "node:crypto";
import { link, mkdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
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

/**
 * Who holds the lock. A process id alone is not enough: a fresh container (or a reboot) hands
 * out the same small ids again, so an old lock could name a running process that is not its
 * holder. The host, the kernel's boot id and the process's start time say which process it was.
 */
export interface LockHolder {
  pid: number;
  host: string;
  /** /proc/sys/kernel/random/boot_id: new on every boot (null where there is no /proc). */
  bootId: string | null;
  /** When the process started, in clock ticks after boot (/proc/<pid>/stat, field 22). */
  startTicks: string | null;
  /** Random for each process that loads this module; tells this process from an earlier one with its id. */
  instance: string;
}

const INSTANCE = randomUUID();

/**
 * The holder touches the lock this often. Another host (a second container on a shared volume)
 * cannot see the holder's processes, so it judges the lock by this heartbeat alone: live while
 * touched within HEARTBEAT_STALE_MS.
 */
const HEARTBEAT_MS = 10_000;
const HEARTBEAT_STALE_MS = 60_000;

async function readBootId(): Promise<string | null> {
  return readFile("/proc/sys/kernel/random/boot_id", "utf8").then(
    (text) => text.trim() || null,
    () => null,
  );
}

/** Field 22 of /proc/<pid>/stat; the fields are counted after the command name, which may hold spaces. */
async function readStartTicks(pid: number): Promise<string | null> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  if (!stat) return null;
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
}

/** The lock record this process writes. */
export async function ownLockHolder(): Promise<LockHolder> {
  return {
    pid: process.pid,
    host: hostname(),
    bootId: await readBootId(),
    startTicks: await readStartTicks(process.pid),
    instance: INSTANCE,
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A lock written by an earlier version holds only the process id. */
type ReadHolder = LockHolder | { pid: number; legacy: true };

async function readHolder(lockPath: string): Promise<ReadHolder | null> {
  const text = await readFile(lockPath, "utf8").catch(() => "");
  if (/^\s*\d+\s*$/.test(text)) {
    const pid = Number(text);
    return Number.isSafeInteger(pid) && pid > 0 ? { pid, legacy: true } : null;
  }
  try {
    const holder = JSON.parse(text) as Partial<LockHolder>;
    return Number.isSafeInteger(holder.pid) && holder.pid! > 0 && typeof holder.host === "string"
      ? {
          pid: holder.pid!,
          host: holder.host,
          bootId: holder.bootId ?? null,
          startTicks: holder.startTicks ?? null,
          instance: String(holder.instance ?? ""),
        }
      : null;
  } catch {
    return null;
  }
}

/** The holder is still the running process that wrote the lock: every mark matches that process now. */
async function isHolderLive(holder: ReadHolder, lockPath: string): Promise<boolean> {
  if ("legacy" in holder) return holder.pid !== process.pid && isRunning(holder.pid);
  const own = await ownLockHolder();
  if (holder.host !== own.host || holder.bootId !== own.bootId) {
    const touchedAt = await stat(lockPath).then(
      (stats) => stats.mtimeMs,
      () => 0,
    );
    return Date.now() - touchedAt < HEARTBEAT_STALE_MS;
  }
  if (holder.pid === process.pid) {
    return holder.instance === own.instance && holder.startTicks === own.startTicks;
  }
  return isRunning(holder.pid) && holder.startTicks === (await readStartTicks(holder.pid));
}

/**
 * Takes the exclusive lock file of DATA_DIR for this process. The file appears with its holder
 * already in it (written aside, then hard-linked into place), so no other process can read it
 * half-written. A lock whose holder is no longer running is taken over. Returns the release.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "server.lock");
  const ownPath = `${lockPath}.${process.pid}.${INSTANCE}`;
  await writeFile(ownPath, `${JSON.stringify(await ownLockHolder())}\n`);
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await link(ownPath, lockPath);
        const heartbeat = setInterval(() => {
          const now = new Date();
          utimes(lockPath, now, now).catch(() => {});
        }, HEARTBEAT_MS);
        heartbeat.unref();
        return () => {
          clearInterval(heartbeat);
          return rm(lockPath, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        const holder = await readHolder(lockPath);
        if (holder && (await isHolderLive(holder, lockPath))) {
          throw new DataDirLockedError(dataDir, holder.pid);
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
