import { setImmediate as nextTurn } from "node:timers/promises";
import type { CommentImportProgress } from "~/lib/comment-import";

export type TellProgress = (
  phase: CommentImportProgress["phase"],
  done: number,
  total: number,
) => Promise<void>;

export function progressTeller(
  onProgress: ((progress: CommentImportProgress) => void | Promise<void>) | undefined,
): TellProgress {
  return async (phase, done, total) => {
    await onProgress?.({ phase, done, total });
    // Let the progress line reach the client before the next stretch of work.
    await nextTurn();
  };
}
