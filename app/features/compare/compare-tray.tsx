import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useReserveRoomBelowPage } from "~/components/bottom-room";
import { clearComparedTools, removeComparedTool } from "~/components/compare/compare-store";
import {
  comparePath,
  MAX_COMPARED_TOOLS,
  MIN_COMPARED_TOOLS,
  type ComparedTool,
} from "~/lib/compare";
import { CloseIcon } from "~/components/close-icon";

/** Focus leaves for the page when what holds it is about to go (the last tool, or Clear). */
function focusPage() {
  document.getElementById("main")?.focus({ preventScroll: true });
}

/**
 * The tools picked for comparison, a bar at the bottom of every page. On a phone it is
 * one compact line (count, Compare, Clear) that expands to list the tools.
 */
export default function CompareTray({ tools }: { tools: readonly ComparedTool[] }) {
  const ref = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const ids = useId();
  const [isExpanded, setIsExpanded] = useState(false);
  /** Where the removed tool was: focus goes to the tool that takes its place, or the heading. */
  const removedAt = useRef<number | null>(null);
  const { pathname } = useLocation();
  useReserveRoomBelowPage(ref, "--compare-bar-height");

  useEffect(() => {
    const at = removedAt.current;
    if (at === null) return;
    removedAt.current = null;
    const next = listRef.current?.querySelectorAll("button")[at];
    (next ?? headingRef.current)?.focus();
  }, [tools]);

  const remove = (tool: ComparedTool, index: number) => {
    if (tools.length === 1) focusPage();
    else removedAt.current = index;
    removeComparedTool(tool.id);
  };
  const clear = () => {
    focusPage();
    clearComparedTools();
  };

  const count = tools.length;
  const canCompare = count >= MIN_COMPARED_TOOLS && count <= MAX_COMPARED_TOOLS;
  const path = comparePath(tools.map((tool) => tool.slug));
  const headingId = `${ids}-heading`;
  const listId = `${ids}-tools`;
  const hintId = `${ids}-hint`;
  return (
    <section
      ref={ref}
      aria-labelledby={headingId}
      data-expanded={isExpanded ? "" : undefined}
      className="compare-tray"
    >
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2">
        <h2
          ref={headingRef}
          id={headingId}
          tabIndex={-1}
          className="text-sm font-semibold text-slate-900 focus:outline-none"
        >
          {`Compare tools (${count} of ${MAX_COMPARED_TOOLS})`}
        </h2>
        <button
          type="button"
          aria-expanded={isExpanded}
          aria-controls={listId}
          onClick={() => setIsExpanded(!isExpanded)}
          className="compare-tray-plain underline sm:hidden"
        >
          {isExpanded ? "Hide tools" : "Show tools"}
        </button>
        <ul ref={listRef} id={listId} className="compare-tray-tools">
          {tools.map((tool, index) => (
            <li key={tool.id} className="compare-tray-tool">
              {tool.name}
              <button
                type="button"
                aria-label={`Remove ${tool.name} from comparison`}
                onClick={() => remove(tool, index)}
                className="compare-tray-remove"
              >
                <CloseIcon className="size-4" />
              </button>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
          {canCompare ? (
            <Link
              to={path}
              aria-current={pathname === path ? "page" : undefined}
              className="compare-tray-go"
            >
              {`Compare (${count})`}
            </Link>
          ) : (
            <>
              <p id={hintId} className="text-sm text-slate-600">
                Add one more tool to compare
              </p>
              <a
                role="link"
                aria-disabled="true"
                aria-describedby={hintId}
                className="compare-tray-go"
              >
                {`Compare (${count})`}
              </a>
            </>
          )}
          <button type="button" onClick={clear} className="compare-tray-plain">
            Clear
          </button>
        </div>
      </div>
    </section>
  );
}
