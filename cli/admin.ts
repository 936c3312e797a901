import path from "node:path";
import { z } from "zod";
import { openPglite, openPostgres } from "../server/db/client.server";
import { DataDirLockedError, lockDataDir } from "../server/db/lock.server";
import { EnvError, loadEnv } from "../server/env.server";
import { setAdminRole } from "../server/services/account/set-admin-role.server";

// `npm run admin -- grant|revoke <email>`: gives or takes the admin role. It applies on the
// person's next request. With PGlite it refuses while a server holds DATA_DIR.

const USAGE = "Usage: npm run admin -- grant <email> | npm run admin -- revoke <email>";

const argsSchema = z.tuple([z.enum(["grant", "revoke"]), z.email()]);

async function run(argv: string[]) {
  const parsed = argsSchema.safeParse(argv);
  if (!parsed.success) {
    console.error(USAGE);
    return 2;
  }
  const [action, email] = parsed.data;
  const env = loadEnv();
  const releaseLock = env.DATABASE_URL ? null : await lockDataDir(env.DATA_DIR);
  const database = env.DATABASE_URL
    ? await openPostgres(env.DATABASE_URL)
    : await openPglite(path.join(env.DATA_DIR, "pglite"));
  try {
    await database.migrate();
    const result = await setAdminRole(database.db, email, action === "grant");
    if (result === "no-such-user") {
      console.error(`No account uses ${email}. The person must sign up first.`);
      return 1;
    }
    console.log(`Admin role ${result} for ${email}.`);
    if (result === "revoked" && env.ADMIN_EMAILS?.includes(email.toLowerCase())) {
      console.log(`Note: ${email} is in ADMIN_EMAILS, so it keeps the role until removed there.`);
    }
    if (result === "granted") {
      console.log("The role takes effect once the email address is verified.");
    }
    return 0;
  } finally {
    await database.close();
    await releaseLock?.();
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof EnvError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
