import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { tools } from "../db/schema";
import {
  toolCardColumns,
  toToolCard,
  toolSearchColumns,
  toToolSearchText,
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
    this.#snapshot = buildSnapshot(
      rows.map(toToolCard),
      new Map(rows.map((row) => [row.id, toToolSearchText(row)])),
    );
    return this.#snapshot;
  }
}
