import { readFileSync } from "node:fs";
import os from "node:os";

/**
 * What one open live stream costs the process: measured at about 30 KB of resident memory
 * (`node --expose-gc --import tsx bench/live-stream-memory.bench.ts`: 26-30 KB per stream with
 * 2,000 and 5,000 open), doubled for the kernel's socket buffers and a few unsent events.
 */
export const BYTES_PER_LIVE_STREAM = 64 * 1024;
/** Live streams may take an eighth of the memory the process may use; pages need the rest. */
const MEMORY_SHARE = 1 / 8;
/** And half of its file descriptors: the database, files and page requests need the others. */
const DESCRIPTOR_SHARE = 1 / 2;
/** Even a very small machine serves this many. */
const MIN_LIVE_STREAMS = 100;

export interface MachineLimits {
  /** The memory this process may use: its cgroup's limit, or the machine's memory. */
  memoryBytes: number;
  /** Its soft limit on open files, or null when there is none or it cannot be read. */
  openFiles: number | null;
}

/**
 * The streams one process serves at most:
 * max(100, min(memory / 8 / 64 KiB, open files / 2)).
 * A 512 MB container serves 1,024; a 4 GB machine 8,192 (when its open-file limit allows).
 */
export function liveStreamCapacity({ memoryBytes, openFiles }: MachineLimits): number {
  const byMemory = Math.floor((memoryBytes * MEMORY_SHARE) / BYTES_PER_LIVE_STREAM);
  const byFiles = openFiles === null ? Infinity : Math.floor(openFiles * DESCRIPTOR_SHARE);
  return Math.max(MIN_LIVE_STREAMS, Math.min(byMemory, byFiles));
}

/** This process's limits, read once at start. */
export function readMachineLimits(): MachineLimits {
  // Node 20 reports no cgroup limit as undefined, or as a number larger than the machine's memory.
  const constrained = process.constrainedMemory?.() || Infinity;
  return { memoryBytes: Math.min(os.totalmem(), constrained), openFiles: readOpenFilesLimit() };
}

function readOpenFilesLimit(): number | null {
  try {
    const limits = readFileSync("/proc/self/limits", "utf8");
    const soft = /^Max open files\s+(\d+)/m.exec(limits)?.[1];
    return soft === undefined ? null : Number(soft);
  } catch {
    // Not Linux: the memory share alone decides.
    return null;
  }
}
