import type { Database } from "../db/client.server";
import { consumeRateLimit, type RateRule } from "./consume-rate-limit.server";
import { consumePasswordCheck } from "./password-check-limit.server";

/** Request limits shared by every app server (they count in the database). */
export function createRateLimitServices({ db }: { db: Database }) {
  return {
    limitRate: (key: string, rule: RateRule) => consumeRateLimit(db, key, rule),
    consumePasswordCheck: (userId: string, clientIp: string) =>
      consumePasswordCheck(db, userId, clientIp),
  };
}
