import { MAX_COMPARED_TOOLS, type ComparedTool } from "~/lib/compare";
import { useToast } from "../toast";
import { addComparedTool, removeComparedTool, useComparedTools } from "./compare-store";

const TRAY_FULL_MS = 4000;

/**
 * Issue 20: puts the tool in the compare tray or takes it out. A toggle button (aria-pressed)
 * named by the tool, so a list of cards reads "Compare ChatGPT", "Compare Jasper"...
 */
export function CompareToggle({ tool }: { tool: ComparedTool }) {
  const tools = useComparedTools();
  const toast = useToast();
  const isCompared = tools.some((held) => held.id === tool.id);
  const toggle = () => {
    if (isCompared) removeComparedTool(tool.id);
    else if (!addComparedTool(tool)) {
      toast({
        message: `You can compare up to ${MAX_COMPARED_TOOLS} tools. Remove one first.`,
        durationMs: TRAY_FULL_MS,
      });
    }
  };
  return (
    <button
      type="button"
      aria-pressed={isCompared}
      aria-label={`Compare ${tool.name}`}
      data-compared={isCompared ? "" : undefined}
      onClick={toggle}
      className="compare-toggle"
    >
      {isCompared ? "Comparing" : "Compare"}
    </button>
  );
}
