import { Link } from "react-router";

/** A catalogue tool's public page, then its admin edit page in brackets. */
export function CatalogueToolLinks({
  tool,
  editLabel,
}: {
  tool: { id: string; name: string; path: string };
  /** The edit link's visible words ("edit", "edit it"); screen readers also hear the name. */
  editLabel: string;
}) {
  return (
    <>
      <Link to={tool.path} className="font-medium text-brand-700 underline">
        {tool.name}
      </Link>{" "}
      (
      <Link to={`/admin/tools/manual/${tool.id}`} className="font-medium text-brand-700 underline">
        {editLabel}
        <span className="sr-only"> {tool.name}</span>
      </Link>
      )
    </>
  );
}
