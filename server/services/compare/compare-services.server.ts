import type { SnapshotKeeper } from "#server/snapshot/snapshot-keeper.server";
import type { Database } from "#server/db/client.server";
import { createCompareAlternativesFinder } from "./find-compare-alternatives.server";
import { getComparison } from "./get-comparison.server";
import { resolveComparePath } from "./resolve-compare-path.server";

/** Comparing tools side by side: the compare page and "Compare with". */
export function createCompareServices({
  db,
  snapshotKeeper,
}: {
  db: Database;
  snapshotKeeper: SnapshotKeeper;
}) {
  const findAlternatives = createCompareAlternativesFinder();
  return {
    findCompareAlternatives: (toolId: string, limit?: number) =>
      findAlternatives(snapshotKeeper.snapshot, snapshotKeeper.catalogueRevision, toolId, limit),
    resolveComparePath: (rest: string) => resolveComparePath(snapshotKeeper.snapshot, rest),
    getComparison: (slugs: readonly string[]) => getComparison(db, slugs),
  };
}
