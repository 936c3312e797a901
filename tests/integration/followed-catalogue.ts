import { eq } from "drizzle-orm";
import { countCategories } from "~/lib/category-stats";
import { Catalogue } from "../../server/catalogue/catalogue.server";
import type { Database, DatabaseHandle } from "../../server/db/client.server";
import { tools } from "../../server/db/schema";
import { LIVE_CHANNEL, parseLiveEvent } from "../../server/live/live-events.server";

/** A catalogue that follows the database's live events, as an app server's does. */
export async function followCatalogue(database: DatabaseHandle) {
  const catalogue = new Catalogue(database.db);
  await catalogue.reload();
  const stop = await database.listen(LIVE_CHANNEL, (payload) => {
    const event = parseLiveEvent(payload);
    if (event) catalogue.apply(event);
  });
  return { catalogue, stop };
}

/** Category statistics counted straight from the table, to compare a snapshot's with. */
export async function onlineStatsOf(db: Database) {
  const rows = await db
    .select({ category: tools.category, subCategory: tools.subCategory })
    .from(tools)
    .where(eq(tools.status, "online"));
  return countCategories(rows);
}
