import { useToast } from "~/components/toast";
import { ApiError } from "~/client/api/request";

/** A failed read or write says why in a toast; a read given up for a newer one says nothing. */
export function useCommentFailureToast(): (error: unknown, fallback: string) => void {
  const toast = useToast();
  return (error, fallback) => {
    if (error instanceof DOMException && error.name === "AbortError") return;
    toast({
      message: error instanceof ApiError ? error.message : fallback,
      tone: "error",
      durationMs: 5000,
    });
  };
}
