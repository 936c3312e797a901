import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Env } from "../core/env.server";

/**
 * AUTH_SECRET, else one generated once into DATA_DIR/auth-secret (readable by this user only).
 * Production with DATABASE_URL requires AUTH_SECRET (env.server.ts), since servers share it.
 */
export async function resolveAuthSecret(env: Pick<Env, "AUTH_SECRET" | "DATA_DIR">) {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.join(env.DATA_DIR, "auth-secret");
  const stored = await readFile(file, "utf8").catch(() => "");
  if (stored.trim().length >= 32) return stored.trim();
  await mkdir(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}
