import { readFileSync } from "node:fs";
import path from "node:path";
import routes from "~/routes";

// What the fuzz suite aims at, read from the project itself so that a new endpoint or page is
// fuzzed without anyone remembering to add it: the API from docs/api.md, pages from app/routes.ts.

export interface ApiEndpoint {
  method: string;
  /** With `:param` and `*` placeholders, e.g. /api/tools/:id/like. */
  path: string;
  /** Query parameters the docs name, with the values they list (empty: any value). */
  query: Record<string, string[]>;
}

const METHOD = /\b(GET|POST|PUT|PATCH|DELETE)\b/g;
const PATH = /(\/[^\s`]*)/;

/** Reads every endpoint of docs/api.md: its headings and the first cell of its tables. */
export function parseApiDoc(markdown: string): { endpoints: ApiEndpoint[]; bodyFields: string[] } {
  const endpoints = new Map<string, ApiEndpoint>();
  const bodyFields = new Set<string>();
  let sectionBase = "";
  for (const line of markdown.split("\n")) {
    const isHeading = line.startsWith("#");
    if (!isHeading && !line.startsWith("|")) continue;
    const cells = isHeading ? [line] : line.split(/(?<!\\)\|/).slice(1);
    const spans = [...(cells[0] ?? "").matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
    let pendingMethods: string[] = [];
    for (const span of spans) {
      const methods = [...span.matchAll(METHOD)].map((match) => match[1]!);
      const found = PATH.exec(span.replace(METHOD, ""));
      if (!found) {
        pendingMethods.push(...methods);
        continue;
      }
      const raw = found[1]!.replaceAll("\\|", "|");
      const allMethods = [...pendingMethods, ...methods];
      pendingMethods = [];
      if (allMethods.length === 0) {
        // A section such as `/api/auth/*` whose table names paths relative to it.
        if (isHeading && raw.endsWith("/*")) sectionBase = raw.slice(0, -2);
        continue;
      }
      const [pathPart, queryPart] = raw.split("?") as [string, string | undefined];
      const fullPath =
        /^\/(api|healthz|media)\b/.test(pathPart) || !sectionBase
          ? pathPart
          : `${sectionBase}${pathPart}`;
      const query: Record<string, string[]> = {};
      for (const pair of (queryPart ?? "").split("&").filter(Boolean)) {
        const [name, values = ""] = pair.split("=") as [string, string | undefined];
        query[name] = values.split("|").filter(Boolean);
      }
      for (const method of allMethods) {
        endpoints.set(`${method} ${fullPath}`, { method, path: fullPath, query });
      }
    }
    if (isHeading && !spans.some((span) => span.endsWith("/*"))) {
      if (line.startsWith("## ")) sectionBase = "";
    }
    for (const cell of cells.slice(1)) {
      for (const braces of cell.matchAll(/`\{([^`]*)\}`/g)) {
        for (const field of braces[1]!.matchAll(
          /(?<!["\w])([A-Za-z_]\w*)(?=\??\s*[:,}]|\??\s*$)/g,
        )) {
          bodyFields.add(field[1]!);
        }
      }
    }
  }
  return { endpoints: [...endpoints.values()], bodyFields: [...bodyFields] };
}

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

export interface PageRoute {
  /** e.g. /ai-tools/:category, /tool/*, / */
  pattern: string;
  /** The route module exports an action: it takes POST (and other writes). */
  hasAction: boolean;
}

/** Every page route of app/routes.ts. */
export function pageRoutes(entries: readonly RouteEntry[] = routes, parent = ""): PageRoute[] {
  const found: PageRoute[] = [];
  for (const entry of entries) {
    const own = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    if (entry.index || (entry.path !== undefined && !entry.children)) {
      const source = readFileSync(path.resolve("app", entry.file), "utf8");
      found.push({
        pattern: own || "/",
        hasAction: /export (async )?function action\b/.test(source),
      });
    }
    if (entry.children) found.push(...pageRoutes(entry.children, own));
  }
  return found;
}

export function readApiDoc(): ReturnType<typeof parseApiDoc> {
  return parseApiDoc(readFileSync(path.resolve("docs/api.md"), "utf8"));
}
