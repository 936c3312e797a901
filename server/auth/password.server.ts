import { hash, verify } from "@node-rs/argon2";

// DESIGN.md 8: argon2id with at least 19 MiB of memory and 2 passes.
// Algorithm.Argon2id is an ambient const enum, which this project's TypeScript settings cannot import.
const ARGON2ID_ALGORITHM = 2;
const ARGON2ID = {
  algorithm: ARGON2ID_ALGORITHM,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const PASSWORD_LENGTH = { min: 8, max: 128 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

export function verifyPassword({ hash: stored, password }: { hash: string; password: string }) {
  return verify(stored, password).catch(() => false);
}
