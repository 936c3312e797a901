import { useEffect, useState, type ComponentType } from "react";

/**
 * The default export of a module loaded once it is wanted, null until it arrives. Unlike
 * React.lazy nothing suspends, so a module already loaded (or fetched early) shows at once:
 * React holds back the reveal of a suspended boundary for up to 300 ms to batch reveals, which
 * made the consent banner show about 200 ms after hydration instead of with it. Render it with
 * createElement: its identity is fixed once loaded, so it keeps its state across renders.
 */
export function useLoadedComponent<Props>(
  load: () => Promise<{ default: ComponentType<Props> }>,
  isWanted: boolean,
): ComponentType<Props> | null {
  const [component, setComponent] = useState<ComponentType<Props> | null>(null);
  useEffect(() => {
    if (!isWanted || component) return;
    let isCurrent = true;
    void load().then((module) => {
      if (isCurrent) setComponent(() => module.default);
    });
    return () => {
      isCurrent = false;
    };
  }, [load, isWanted, component]);
  return component;
}
