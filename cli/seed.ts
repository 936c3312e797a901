import { mediaDirOf } from "../server/boot.server";
import { SnapshotKeeper } from "../server/snapshot/snapshot-keeper.server";
import { generateDemoImages } from "../server/media/demo-images.server";
import { seedDemoCatalogue } from "../server/seed/seed-demo.server";
import { runWithDatabase } from "./with-database";

// `npm run db:seed`: loads the demo catalogue into the configured database (tools that already
// exist are kept) and makes its images. With PGlite it refuses while a server holds DATA_DIR.

await runWithDatabase(async (db, env) => {
  const added = await seedDemoCatalogue(db);
  console.log(`Demo catalogue: ${added} tools added.`);
  const snapshot = await new SnapshotKeeper(db).reload();
  const made = await generateDemoImages(mediaDirOf(env), snapshot.tools);
  console.log(`Demo images: ${made} made; ${snapshot.tools.length} tools online.`);
  return 0;
});
