import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { tools } from "../db/schema";
import {
  toolCardColumns,
  toToolCard,
  toolSearchColumns,
  toToolSearchText,
  type CatalogueRow,
} from "../services/tools/tool-shapes.server";
import { buildSnapshot, type CatalogueSnapshot } from "./snapshot.server";

/** Holds the current snapshot of the online catalogue and rebuilds it on demand. */
export class Catalogue {
  #snapshot: CatalogueSnapshot = buildSnapshot([]);

  constructor(private readonly db: Database) {}

  get snapshot(): CatalogueSnapshot {
    return this.#snapshot;
  }

  async reload(): Promise<CatalogueSnapshot> {
    const rows = await this.db.query.tools.findMany({
      columns: { ...toolCardColumns, ...toolSearchColumns },
      where: eq(tools.status, "online"),
    });
    this.#snapshot = snapshotOfRows(rows);
    return this.#snapshot;
  }
}

/** The snapshot of these rows: cards, and the searched text of each. */
export function snapshotOfRows(rows: readonly CatalogueRow[]): CatalogueSnapshot {
  return buildSnapshot(
    rows.map(toToolCard),
    new Map(rows.map((row) => [row.id, toToolSearchText(row)])),
  );
}
