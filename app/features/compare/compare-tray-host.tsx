import { createElement } from "react";
import { useCompareAnnouncement, useComparedTools } from "~/components/compare/compare-store";
import { useLoadedComponent } from "~/components/use-loaded-component";

// Decision 006: every page loads this host; the tray itself only once the store holds a tool.
const loadTray = () => import("./compare-tray");

/**
 * The compare tray, shown once a tool is in it. Nothing in the server render (the tray
 * lives in the browser's storage) but the empty status, which is always there so a screen reader
 * hears the first add and the tray's clearing too, when the tray itself appears or goes.
 */
export function CompareTrayHost() {
  const tools = useComparedTools();
  const announcement = useCompareAnnouncement();
  const CompareTray = useLoadedComponent(loadTray, tools.length > 0);
  return (
    <>
      <p id="compare-status" role="status" className="sr-only">
        {announcement}
      </p>
      {tools.length > 0 && CompareTray && createElement(CompareTray, { tools })}
    </>
  );
}
