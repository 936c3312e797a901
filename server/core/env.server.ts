import { existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { CONTACT_EMAIL } from "~/lib/constants";

// DESIGN.md section 3: the configuration contract. Parsed once; a bad value stops the server with
// one line per problem.

const flag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

const emailList = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email()));

const idList = z.string().transform((value) =>
  value
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean),
);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Business AI Tools <no-reply@localhost>"),
  ADMIN_EMAILS: emailList.optional(),
  // The operator's inbox: requests from the implementation-support form are mailed here.
  SUPPORT_EMAIL: z.email().default(CONTACT_EMAIL),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER_URL: z.url().default("https://accounts.google.com"),
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).optional(),
  FETCH_ALLOW_PRIVATE: flag.default(false),
  SEED_DEMO: flag.optional(),
  FEATURED_TOOL_IDS: idList.optional(),
  NEWSLETTER_EMBED_URL: z.url().optional(),
  GA_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]+$/, "must look like G-XXXXXXX")
    .optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^[\w.:/,\s-]+$/, "a hop count, or comma-separated addresses, ranges or names")
    .default("loopback"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Decision 013: megabytes of rendered pages kept for signed-out visitors; 0 turns the cache off.
  RENDER_CACHE_MB: z.coerce.number().min(0).max(65_536).default(64),
  // Decision 026: analytics events older than this many days are rolled up per day and deleted.
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(400),
});

export type Env = ReturnType<typeof parseEnv>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join("\n")}`);
  }
}

/** Reads the environment; empty strings count as unset, as in a copied .env.example. */
export function parseEnv(source: Record<string, string | undefined> = process.env) {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ""),
  );
  const result = envSchema.safeParse(present);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    );
  }
  const env = result.data;
  const problems: string[] = [];
  // With the embedded database there is only ever one server, so a secret generated into DATA_DIR
  // is safe; several servers on PostgreSQL must share one (docs/decisions/004-start-modes.md).
  if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.AUTH_SECRET) {
    problems.push("AUTH_SECRET: required in production with DATABASE_URL");
  }
  if (env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) {
    problems.push("GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set");
  }
  // A model needs its address and its name; the key is optional (a local server).
  if (Boolean(env.LLM_BASE_URL) !== Boolean(env.LLM_MODEL)) {
    problems.push("LLM_BASE_URL and LLM_MODEL: set both to draft with a model, or neither");
  }
  if (env.FEATURED_TOOL_IDS && env.FEATURED_TOOL_IDS.length === 0) {
    problems.push("FEATURED_TOOL_IDS: give at least one id");
  }
  if (problems.length > 0) throw new EnvError(problems);
  return {
    ...env,
    APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
    DATA_DIR: path.resolve(env.DATA_DIR),
    // The demo catalogue loads into an empty catalogue unless switched off, so that the quick
    // start shows a full site on either database (docs/decisions/004-start-modes.md).
    SEED_DEMO: env.SEED_DEMO ?? true,
    // Express's "trust proxy": a number of hops, or the proxies' addresses (decision 007).
    TRUST_PROXY: /^\d+$/.test(env.TRUST_PROXY) ? Number(env.TRUST_PROXY) : env.TRUST_PROXY,
  };
}

/** The process's configuration: a .env file in the working directory fills in what is unset. */
export function loadEnv() {
  if (existsSync(".env")) process.loadEnvFile(".env");
  return parseEnv(process.env);
}
