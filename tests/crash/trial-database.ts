import { randomBytes, randomUUID } from "node:crypto";
import { cp, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { eq, inArray, like, sql } from "drizzle-orm";
import { hashPassword } from "#server/auth/password.server";
import { openPglite, openPostgres, type DatabaseHandle } from "#server/db/client.server";
import { authAccounts, authUsers, toolLikes, tools, userProfiles } from "#server/db/schema";
import { seedDemoCatalogue } from "#server/seed/seed-demo.server";
import { setAdminRole } from "#server/services/account/set-admin-role.server";
import { runOnDatabaseServer } from "../scratch-database";

export type Engine = "pglite" | "postgres";

export interface TestAccount {
  id: string;
  email: string;
  password: string;
  passwordHash: string;
}

export interface TestAccounts {
  /** The people who like and unlike during the load. */
  likers: TestAccount[];
  /** Signs in and likes only after the restart: proof that the site still works. */
  probe: TestAccount;
  /** Runs the imports. */
  admin: TestAccount;
}

/** Random 20-character passwords, so that no strength rule refuses them. */
async function makeAccount(label: string): Promise<TestAccount> {
  const password = randomBytes(15).toString("base64url");
  return {
    id: randomUUID(),
    email: `${label}-${randomBytes(4).toString("hex")}@crash.test`,
    password,
    passwordHash: await hashPassword(password),
  };
}

/** Hashed once per run (argon2 is slow on purpose), then written into each trial's database. */
export async function makeAccounts(likerCount: number): Promise<TestAccounts> {
  const likers: TestAccount[] = [];
  for (let n = 0; n < likerCount; n++) likers.push(await makeAccount(`liker${n}`));
  return { likers, probe: await makeAccount("probe"), admin: await makeAccount("admin") };
}

/** Ids of tools a trial's imports add all start with this. */
export const IMPORTED_ID_PREFIX = "crash-";

export interface TrialDatabase {
  engine: Engine;
  /** What the server needs besides port and mode: its data folder and database. */
  serverEnv: Record<string, string>;
  /** Opens the database in this process (for PGlite: only while no server runs on it). */
  open(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
}

/**
 * The database every trial of an engine starts from, prepared once (a first start's initdb and
 * demo catalogue take seconds): migrated, the demo catalogue loaded as a first start loads it, the
 * test accounts verified, one of them admin. Each trial gets a copy. A server may run on the
 * template itself (to sign in once for every trial: the copies share its AUTH_SECRET).
 */
export interface TemplateDatabase {
  engine: Engine;
  onlineTools: { id: string; views: number }[];
  serverEnv: Record<string, string>;
  /** A fresh copy for one trial, with `dataDir` as the server's DATA_DIR. */
  copyFor(dataDir: string): Promise<TrialDatabase>;
  dispose(): Promise<void>;
}

async function insertAccounts(database: DatabaseHandle, accounts: TestAccounts) {
  const all = [...accounts.likers, accounts.probe, accounts.admin];
  await database.db.insert(authUsers).values(
    all.map((account) => ({
      id: account.id,
      name: account.email.split("@")[0]!,
      email: account.email,
      emailVerified: true,
    })),
  );
  // Better Auth's own shape for an email-and-password account.
  await database.db.insert(authAccounts).values(
    all.map((account) => ({
      id: randomUUID(),
      accountId: account.id,
      providerId: "credential",
      userId: account.id,
      password: account.passwordHash,
    })),
  );
  await database.db.insert(userProfiles).values(
    all.map((account) => ({
      userId: account.id,
      email: account.email,
      username: account.email.split("@")[0]!,
    })),
  );
  const role = await setAdminRole(database.db, accounts.admin.email, true);
  if (role !== "granted") throw new Error(`Could not make ${accounts.admin.email} admin: ${role}`);
}

async function fillTemplate(database: DatabaseHandle, accounts: TestAccounts) {
  try {
    await database.migrate();
    await seedDemoCatalogue(database.db);
    await insertAccounts(database, accounts);
    return await database.db
      .select({ id: tools.id, views: tools.views })
      .from(tools)
      .where(eq(tools.status, "online"));
  } finally {
    await database.close();
  }
}

function serverEnvOf(
  dataDir: string,
  databaseUrl: string | null,
  secret: string,
): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    // Empty counts as unset: PGlite in DATA_DIR.
    DATABASE_URL: databaseUrl ?? "",
    AUTH_SECRET: secret,
    TRUST_PROXY: "loopback",
    SEED_DEMO: "true",
    SMTP_URL: "",
    ADMIN_EMAILS: "",
    GOOGLE_CLIENT_ID: "",
    FEATURED_TOOL_IDS: "",
  };
}

/** PGlite: the template is a closed data folder; a trial gets a copy of its files. */
export async function preparePgliteTemplate(
  runDir: string,
  accounts: TestAccounts,
): Promise<TemplateDatabase> {
  const templateDir = await mkdtemp(path.join(runDir, "template-pglite-"));
  const files = path.join(templateDir, "pglite");
  const onlineTools = await fillTemplate(await openPglite(files), accounts);
  const secret = randomBytes(24).toString("hex");
  return {
    engine: "pglite",
    onlineTools,
    serverEnv: serverEnvOf(templateDir, null, secret),
    async copyFor(dataDir) {
      await cp(files, path.join(dataDir, "pglite"), { recursive: true });
      return {
        engine: "pglite",
        serverEnv: serverEnvOf(dataDir, null, secret),
        open: () => openPglite(path.join(dataDir, "pglite")),
        dispose: async () => {},
      };
    },
    dispose: () => rm(templateDir, { recursive: true, force: true }),
  };
}

/** PostgreSQL: the template is a database of TEST_DATABASE_URL's server; CREATE DATABASE copies it. */
export async function preparePostgresTemplate(
  serverUrl: string,
  runDir: string,
  accounts: TestAccounts,
): Promise<TemplateDatabase> {
  const runOnServer = (statement: string) => runOnDatabaseServer(serverUrl, statement);
  const urlOf = (name: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const template = `crash_template_${randomBytes(6).toString("hex")}`;
  await runOnServer(`CREATE DATABASE ${template}`);
  const onlineTools = await fillTemplate(await openPostgres(urlOf(template)), accounts);
  const secret = randomBytes(24).toString("hex");
  // Only a server on the template uses this folder (for its uploads and images).
  const templateDir = await mkdtemp(path.join(runDir, "template-postgres-"));
  return {
    engine: "postgres",
    onlineTools,
    serverEnv: serverEnvOf(templateDir, urlOf(template), secret),
    async copyFor(dataDir) {
      const name = `crash_${randomBytes(6).toString("hex")}`;
      await runOnServer(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return {
        engine: "postgres",
        serverEnv: serverEnvOf(dataDir, urlOf(name), secret),
        open: () => openPostgres(urlOf(name)),
        dispose: () => runOnServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      };
    },
    async dispose() {
      await runOnServer(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await rm(templateDir, { recursive: true, force: true });
    },
  };
}

/** What the database holds after the trial, read with the server stopped. */
export interface PersistedState {
  /** Whether each (person, tool) like row is active, by `likeKey`; absent: never liked. */
  likes: Map<string, boolean>;
  importedIds: Set<string>;
  views: Map<string, number>;
  /** Tools whose likes_total differs from their active like rows. */
  likeDrift: { id: string; likesTotal: number; activeLikes: number }[];
  onlineTools: { category: string | null; subCategory: string | null }[];
}

interface DriftRow {
  id: string;
  likes_total: number;
  active_likes: number;
}

export const likeKey = (userId: string, toolId: string) => `${userId} ${toolId}`;

export async function readPersistedState(
  database: DatabaseHandle,
  userIds: string[],
  viewedToolIds: string[],
): Promise<PersistedState> {
  const { db } = database;
  const likeRows = await db
    .select({ userId: toolLikes.userId, toolId: toolLikes.toolId, isActive: toolLikes.isActive })
    .from(toolLikes)
    .where(inArray(toolLikes.userId, userIds));
  const imported = await db
    .select({ id: tools.id })
    .from(tools)
    .where(like(tools.id, `${IMPORTED_ID_PREFIX}%`));
  const views = await db
    .select({ id: tools.id, views: tools.views })
    .from(tools)
    .where(inArray(tools.id, viewedToolIds));
  const drift = await db.execute(sql`
    select tools.id, tools.likes_total, count(tool_likes.tool_id) filter (where tool_likes.is_active)::int as active_likes
    from tools left join tool_likes on tool_likes.tool_id = tools.id
    group by tools.id
    having tools.likes_total <> count(tool_likes.tool_id) filter (where tool_likes.is_active)`);
  const onlineTools = await db
    .select({ category: tools.category, subCategory: tools.subCategory })
    .from(tools)
    .where(eq(tools.status, "online"));
  return {
    likes: new Map(likeRows.map((row) => [likeKey(row.userId, row.toolId), row.isActive])),
    importedIds: new Set(imported.map((row) => row.id)),
    views: new Map(views.map((row) => [row.id, row.views])),
    likeDrift: (drift as unknown as { rows: DriftRow[] }).rows.map((row) => ({
      id: row.id,
      likesTotal: Number(row.likes_total),
      activeLikes: Number(row.active_likes),
    })),
    onlineTools,
  };
}
