import { MAX_COMPARED_TOOLS, type ComparedTool } from "~/lib/compare";
import { useToast } from "../toast";
import { addComparedTool, removeComparedTool, useComparedTools } from "./compare-store";

const TRAY_FULL_MS = 5000;

/** What a fifth tool's toggle says: the tray holds at most four. */
export const TRAY_FULL_MESSAGE = `The comparison holds ${MAX_COMPARED_TOOLS} tools. Remove one from the tray to add this one.`;

/**
 * Puts the tool in the compare tray or takes it out. A toggle button (aria-pressed)
 * named by the tool, so a list of cards reads "Compare ChatGPT", "Compare Jasper"... Its text
 * stays "Compare" (a mark shows it pressed), so the card does not reflow when the tray, read
 * after hydration, already holds the tool.
 */
export function CompareToggle({ tool }: { tool: ComparedTool }) {
  const tools = useComparedTools();
  const toast = useToast();
  const isCompared = tools.some((held) => held.id === tool.id);
  const toggle = () => {
    if (isCompared) removeComparedTool(tool.id);
    else if (!addComparedTool(tool))
      toast({ message: TRAY_FULL_MESSAGE, durationMs: TRAY_FULL_MS });
  };
  return (
    <button
      type="button"
      aria-pressed={isCompared}
      aria-label={`Compare ${tool.name}`}
      onClick={toggle}
      className="compare-toggle"
    >
      Compare
    </button>
  );
}
