// Email verification: the page's clocks, free of React so fake timers can test them.

interface WatchOptions {
  /** Resolves true once the email is verified. */
  check: () => Promise<boolean>;
  intervalMs: number;
  onVerified: () => void;
  /** A check failed; the watch goes on. */
  onError: () => void;
  /** A check succeeded (the email is not verified yet). */
  onPending?: () => void;
}

/** Checks every intervalMs, never two checks at once, until verified. Returns the stop. */
export function watchVerification({
  check,
  intervalMs,
  onVerified,
  onError,
  onPending,
}: WatchOptions): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    timer = setTimeout(() => void tick(), intervalMs);
  };
  const tick = async () => {
    let verified = false;
    try {
      verified = await check();
      if (!stopped && !verified) onPending?.();
    } catch {
      if (!stopped) onError();
    }
    if (stopped) return;
    if (verified) onVerified();
    else schedule();
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** Counts whole seconds down to 0, calling onTick with each value. Returns the stop. */
export function startCountdown(seconds: number, onTick: (left: number) => void): () => void {
  let left = seconds;
  onTick(left);
  const timer = setInterval(() => {
    left -= 1;
    onTick(left);
    if (left <= 0) clearInterval(timer);
  }, 1000);
  return () => clearInterval(timer);
}
