import { Link } from "react-router";
import { useToolLike } from "~/components/likes/live-likes";
import { ToolImage } from "~/components/tool-image";
import {
  compareSections,
  FEATURE_LISTED,
  FEATURE_NOT_LISTED,
  type CompareCell,
  type ComparisonTool,
} from "~/lib/compare-rows";
import { UNKNOWN_FACT } from "~/lib/fact-sections";

// The "Differences only" checkbox (compare-page.tsx) is read by CSS: `group` is the page.
const HIDDEN_WHEN_DIFFERENCES_ONLY = "group-has-[#compare-differences:checked]:hidden";

function Cell({ cell }: { cell: CompareCell }) {
  if (cell.text === null) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">Not available</span>
      </>
    );
  }
  if (cell.href) {
    return (
      <a
        href={cell.href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="font-medium text-brand-700 underline hover:text-brand-800"
      >
        {cell.text}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  if (cell.text === FEATURE_LISTED) {
    return (
      <span className="font-medium text-slate-900">
        <span aria-hidden="true" className="text-brand-700">
          ✓{" "}
        </span>
        {cell.text}
      </span>
    );
  }
  if (cell.text === FEATURE_NOT_LISTED || cell.text === UNKNOWN_FACT) {
    return <span className="text-slate-600">{cell.text}</span>;
  }
  return <>{cell.text}</>;
}

/** The like count follows the live like stream, as the cards' does. */
function LiveLikeCount({ tool }: { tool: ComparisonTool }) {
  const { count } = useToolLike(tool.id, tool.likes);
  return <>{count.toLocaleString("en-US")}</>;
}

const stickyColumn = "sticky left-0 z-10 bg-white";

/** The tools in columns, their facts in rows; on phones it scrolls sideways under a fixed first column. */
const ROW_NAME_REM = 6;
const TOOL_COLUMN_REM = 8;

export function CompareTable({ tools }: { tools: readonly ComparisonTool[] }) {
  const sections = compareSections(tools);
  // `relative`: the cells' screen-reader text is positioned, and would otherwise hang outside the
  // scroller and widen the whole page on a phone.
  return (
    <div
      className="relative mt-6 overflow-x-auto rounded-2xl border border-slate-200 bg-white"
      role="region"
      aria-labelledby="compare-title"
      tabIndex={0}
    >
      <table
        className="w-full border-collapse text-left text-sm"
        // Two tools fit side by side on a phone; three or four scroll sideways past the row names.
        style={{ minWidth: `${ROW_NAME_REM + tools.length * TOOL_COLUMN_REM}rem` }}
      >
        <caption className="sr-only">
          {tools.map((tool) => tool.name).join(" compared with ")}
        </caption>
        <thead>
          <tr className="border-b border-slate-200">
            <td className={`${stickyColumn} w-24 p-2 sm:w-40 sm:p-3`} />
            {tools.map((tool) => (
              <th
                key={tool.id}
                scope="col"
                className="p-2 align-top [overflow-wrap:anywhere] sm:p-3"
              >
                <Link to={tool.path} className="group/tool block">
                  <ToolImage
                    path={tool.image}
                    size="small"
                    alt=""
                    width={300}
                    height={300}
                    className="aspect-square w-16 rounded-xl border border-slate-200"
                  />
                  <span className="mt-2 block text-sm font-semibold text-slate-950 group-hover/tool:underline sm:text-base">
                    {tool.name}
                  </span>
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        {sections.map((section) => (
          <tbody key={section.key}>
            {section.title && (
              <tr
                className={
                  section.rows.every((row) => row.isSame) ? HIDDEN_WHEN_DIFFERENCES_ONLY : undefined
                }
              >
                <th
                  scope="colgroup"
                  colSpan={tools.length + 1}
                  className="bg-slate-50 p-3 text-base font-semibold text-slate-950"
                >
                  {section.title}
                </th>
              </tr>
            )}
            {section.rows.map((row) => (
              <tr
                key={row.key}
                data-row={row.key}
                data-same={row.isSame || undefined}
                className={`border-b border-slate-100 ${row.isSame ? HIDDEN_WHEN_DIFFERENCES_ONLY : ""}`}
              >
                <th scope="row" className={`${stickyColumn} p-2 font-medium text-slate-600 sm:p-3`}>
                  {row.label}
                </th>
                {row.cells.map((cell, position) => (
                  <td
                    key={tools[position]!.id}
                    className="p-2 align-top [overflow-wrap:anywhere] text-slate-900 sm:p-3"
                  >
                    {row.key === "likes" ? (
                      <LiveLikeCount tool={tools[position]!} />
                    ) : (
                      <Cell cell={cell} />
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
