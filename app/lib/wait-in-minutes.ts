/** A rate limit's wait as a refused person reads it: "1 minute", "15 minutes" (rounded up). */
export function waitInMinutes(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
