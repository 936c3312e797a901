import { useRef, useState } from "react";
import { useNavigate, useRevalidator, type To } from "react-router";
import { ApiError, UNREACHABLE_MESSAGE } from "./request";

/** Where to go after a write succeeded (decision 012), computed from the server's answer. */
interface AfterWrite {
  to: To;
  replace?: boolean;
  state?: unknown;
}

interface ApiWriteOptions {
  /**
   * Which outcomes reload the page's data: "success" (the default), or "settled" when a refused
   * write leaves traces too (a failed import in the history).
   */
  revalidate?: "success" | "settled";
  /**
   * Reload the page's data before going on rather than after: for writes that change the root
   * loader's data (signing in or up changes the viewer), which a move to another page does not
   * reload, so the next page would first see the old viewer.
   */
  revalidateFirst?: boolean;
}

type WriteResult<T> = { ok: true; data: T } | { ok: false; error: ApiError };

/**
 * Decision 012: the one way a page writes. Calls one function of the typed client, tracks
 * whether it is pending and its error, and after success goes where `after` says (if anywhere)
 * and reloads the route loaders, so the page shows what the server now holds. One write at a
 * time: a second run while one is pending is ignored.
 */
export function useApiWrite<I, T>(
  write: (input: I) => Promise<T>,
  { revalidate = "success", revalidateFirst = false }: ApiWriteOptions = {},
) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const isRunning = useRef(false);

  async function run(
    input: I,
    after?: (data: T) => AfterWrite | void,
  ): Promise<WriteResult<T> | null> {
    if (isRunning.current) return null;
    isRunning.current = true;
    setIsPending(true);
    setError(null);
    let result: WriteResult<T>;
    try {
      result = { ok: true, data: await write(input) };
    } catch (failure) {
      const known =
        failure instanceof ApiError ? failure : new ApiError(0, "NETWORK", UNREACHABLE_MESSAGE);
      if (!(failure instanceof ApiError)) console.warn("A write failed", failure);
      result = { ok: false, error: known };
      setError(known);
    }
    try {
      const destination = result.ok ? after?.(result.data) : undefined;
      const isReloading = revalidate === "settled" || result.ok;
      if (isReloading && revalidateFirst) await revalidator.revalidate();
      if (destination) {
        await navigate(destination.to, { replace: destination.replace, state: destination.state });
      }
      if (isReloading && !revalidateFirst) await revalidator.revalidate();
    } finally {
      isRunning.current = false;
      setIsPending(false);
    }
    return result;
  }

  return { run, isPending, error, clearError: () => setError(null) };
}
