import path from "node:path";
import { mediaDirOf } from "../server/boot.server";
import { openPglite, openPostgres } from "../server/db/client.server";
import { DataDirLockedError, lockDataDir } from "../server/db/lock.server";
import { EnvError, loadEnv } from "../server/env.server";
import { generateDemoImages } from "../server/media/demo-images.server";
import { seedDemoCatalogue } from "../server/seed/seed-demo.server";
import { Catalogue } from "../server/catalogue/catalogue.server";

// `npm run db:seed`: loads the demo catalogue into the configured database (tools that already
// exist are kept) and makes its images. With PGlite it refuses while a server holds DATA_DIR.

async function seed() {
  const env = loadEnv();
  const releaseLock = env.DATABASE_URL ? null : await lockDataDir(env.DATA_DIR);
  const database = env.DATABASE_URL
    ? await openPostgres(env.DATABASE_URL)
    : await openPglite(path.join(env.DATA_DIR, "pglite"));
  try {
    await database.migrate();
    const added = await seedDemoCatalogue(database.db);
    console.log(`Demo catalogue: ${added} tools added.`);
    const snapshot = await new Catalogue(database.db).reload();
    const made = await generateDemoImages(mediaDirOf(env), snapshot.tools);
    console.log(`Demo images: ${made} made; ${snapshot.tools.length} tools online.`);
  } finally {
    await database.close();
    await releaseLock?.();
  }
}

try {
  await seed();
} catch (error) {
  if (error instanceof EnvError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
