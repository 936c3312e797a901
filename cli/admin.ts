import { z } from "zod";
import { setAdminRole } from "../server/services/account/set-admin-role.server";
import { runWithDatabase } from "./with-database";

// `npm run admin -- grant|revoke <email>`: gives or takes the admin role. It applies on the
// person's next request. With PGlite it refuses while a server holds DATA_DIR.

const USAGE = "Usage: npm run admin -- grant <email> | npm run admin -- revoke <email>";

const parsed = z.tuple([z.enum(["grant", "revoke"]), z.email()]).safeParse(process.argv.slice(2));
if (!parsed.success) {
  console.error(USAGE);
  process.exit(2);
}
const [action, email] = parsed.data;

await runWithDatabase(async (db, env) => {
  const result = await setAdminRole(db, email, action === "grant");
  if (result === "no-such-user") {
    console.error(`No account uses ${email}. The person must sign up first.`);
    return 1;
  }
  console.log(`Admin role ${result} for ${email}.`);
  if (result === "revoked" && env.ADMIN_EMAILS?.includes(email.toLowerCase())) {
    console.log(`Note: ${email} is in ADMIN_EMAILS, so it keeps the role until removed there.`);
  }
  if (result === "granted")
    console.log("The role takes effect once the email address is verified.");
  return 0;
});
