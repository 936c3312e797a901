import { Link } from "react-router";
import { comparePath, type ComparedTool } from "~/lib/compare";

interface CompareWithProps {
  tool: ComparedTool;
  /** Its closest alternatives, best first. */
  alternatives: readonly ComparedTool[];
}

/** Each of the tool's closest alternatives one click from their comparison. */
export function CompareWith({ tool, alternatives }: CompareWithProps) {
  if (alternatives.length === 0) return null;
  return (
    <section aria-labelledby="tool-compare-with" className="mt-8">
      <h2 id="tool-compare-with" className="text-xl font-semibold text-slate-950">
        Compare {tool.name} with
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {alternatives.map((other) => (
          <li key={other.id}>
            <Link
              to={comparePath([tool.slug, other.slug])}
              className="inline-block rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:border-brand-700 hover:text-brand-800"
            >
              {tool.name} vs {other.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
