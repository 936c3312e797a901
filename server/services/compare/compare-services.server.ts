import type { SnapshotKeeper } from "../../snapshot/snapshot-keeper.server";
import type { Database } from "../../db/client.server";
import { findCompareAlternatives } from "./find-compare-alternatives.server";

/** Comparing tools side by side (issue 20): the compare page and "Compare with". */
export function createCompareServices({
  snapshotKeeper,
}: {
  db: Database;
  snapshotKeeper: SnapshotKeeper;
}) {
  return {
    findCompareAlternatives: (toolId: string, limit?: number) =>
      findCompareAlternatives(snapshotKeeper.snapshot, toolId, limit),
  };
}
