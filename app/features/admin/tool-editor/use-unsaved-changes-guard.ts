import { useEffect } from "react";
import { useBlocker } from "react-router";

/**
 * While the form has unsaved changes, leaving for another page asks first (the returned blocker)
 * and closing or reloading the tab asks the browser's own question; leaving after a save does not.
 */
export function useUnsavedChangesGuard(
  isDirty: boolean,
  isLeavingAfterSave: React.RefObject<boolean>,
) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && !isLeavingAfterSave.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [isDirty]);
  return blocker;
}
