import { FACTS, isFactKey, type Fact, type FactKey } from "~/lib/buyer-facts";
import { LIST_SEPARATOR } from "./catalogue-format.server";

// Facts and plans in a file (docs/api.md, "Import and export"). A fact's cell holds either a bare
// value ("yes", "type2", "eu|us", "14"), read as an import's fact checked on the day of the
// import, or the fact as a JSON object with its source, evidence, quote and dates. The export
// writes every known fact as its JSON object, so a file imports back exactly.

/** The column of a fact in CSV files: `facts.sso`, `facts.data-regions`. */
export const factColumn = (key: FactKey) => `facts.${key}`;

const LIST_KINDS = new Set(["regions", "platforms", "integrations"]);
const CHOICE_KINDS = new Set(["yes-no", "soc2", "training", "trial"]);

/** A bare value as the fact's value: lists split on "|", choices in lower case. */
function bareValue(key: FactKey, cell: string | number | readonly unknown[]): unknown {
  const kind = FACTS[key].kind;
  if (Array.isArray(cell)) return cell;
  if (typeof cell === "number") return cell;
  const text = (cell as string).trim();
  if (LIST_KINDS.has(kind)) {
    return text
      .split(LIST_SEPARATOR)
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean);
  }
  return CHOICE_KINDS.has(kind) ? text.toLowerCase() : text;
}

const isUnknownCell = (cell: unknown) =>
  cell === null ||
  cell === undefined ||
  (typeof cell === "string" && (cell.trim() === "" || cell.trim().toLowerCase() === "unknown"));

export interface ReadFacts {
  /** The facts the row sets, by key (null: the row says the fact is unknown). */
  facts: Record<string, unknown>;
  problems: string[];
}

/**
 * A row's fact cells as facts the tool schema checks. Unknown keys are kept, so the schema names
 * them; a cell that opens with "{" must be a whole JSON object.
 */
export function readFactCells(cells: Record<string, unknown>, today: string): ReadFacts {
  const facts: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [key, cell] of Object.entries(cells)) {
    if (!isFactKey(key) || isUnknownCell(cell)) {
      facts[key] = isFactKey(key) ? null : cell;
      continue;
    }
    let given = cell;
    if (typeof cell === "string" && cell.trim().startsWith("{")) {
      try {
        given = JSON.parse(cell);
      } catch {
        problems.push(`${factColumn(key)}: the cell starts with "{" but is not a JSON object.`);
        continue;
      }
    }
    facts[key] =
      given && typeof given === "object" && !Array.isArray(given)
        ? given
        : ({
            value: bareValue(key, given as string | number | unknown[]),
            source: "import",
            evidenceUrl: null,
            quote: null,
            checkedAt: today,
          } satisfies Fact<unknown>);
  }
  return { facts, problems };
}

/** A plans cell: a JSON list of plans (empty: none). A JSON file holds the list itself. */
export function readPlansCell(cell: unknown): { plans: unknown } | { problem: string } {
  if (cell === null || cell === undefined) return { plans: [] };
  if (typeof cell !== "string") return { plans: cell };
  if (cell.trim() === "") return { plans: [] };
  try {
    return { plans: JSON.parse(cell) };
  } catch {
    return {
      problem:
        'plans: the cell must be a JSON list of plans, such as [{"name":"Pro","price":19,"period":"month","unit":"per-user"}].',
    };
  }
}

/** A known fact as its cell: the whole fact as JSON (an unknown fact is an empty cell). */
export function writeFactCell(fact: Fact<unknown> | undefined): string | null {
  return fact ? JSON.stringify(fact) : null;
}
