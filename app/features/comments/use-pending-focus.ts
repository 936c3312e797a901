import { useEffect, useRef } from "react";

/**
 * Focus for an element the next render shows (a new comment, the next page): the returned
 * function names its id, and it takes focus once it is in the page.
 */
export function usePendingFocus(): (id: string) => void {
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    if (!pendingFocus.current) return;
    document.getElementById(pendingFocus.current)?.focus();
    pendingFocus.current = null;
  });
  return (id) => {
    pendingFocus.current = id;
  };
}
