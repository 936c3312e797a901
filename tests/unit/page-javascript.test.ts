import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// DESIGN.md 9 and decision 006: zod (about 21 KB brotli) stays out of the JavaScript the public
// pages load up front. This follows the static imports the bundler follows, from the source, so it
// needs no build: type-only imports and dynamic import() (code loaded later) are not followed,
// nor *.server modules, which never reach the browser.

const APP = resolve("app");
const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

function resolveModule(specifier: string, from: string): string | null {
  const base = specifier.startsWith("~/")
    ? join(APP, specifier.slice(2))
    : specifier.startsWith(".")
      ? resolve(dirname(from), specifier)
      : null;
  if (base === null) return null;
  for (const extension of ["", ...EXTENSIONS]) {
    const file = base + extension;
    if (/\.tsx?$/.test(file) && existsSync(file)) return file;
  }
  return null;
}

/** The modules a file imports for their values: what stays in the bundle after type erasure. */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers;
}

/** The import chain from `entry` to zod, or null when the entry's static imports never reach it. */
function chainToZod(entry: string): string[] | null {
  const cameFrom = new Map<string, string | null>([[entry, null]]);
  const chainTo = (file: string) => {
    const chain: string[] = [];
    for (let at: string | null = file; at; at = cameFrom.get(at) ?? null) {
      chain.unshift(relative(process.cwd(), at));
    }
    return chain;
  };
  const queue = [entry];
  for (const file of queue) {
    for (const specifier of staticImports(file)) {
      if (specifier === "zod" || specifier.startsWith("zod/")) return [...chainTo(file), "zod"];
      const imported = resolveModule(specifier, file);
      if (!imported || imported.includes(".server.") || cameFrom.has(imported)) continue;
      cameFrom.set(imported, file);
      queue.push(imported);
    }
  }
  return null;
}

describe("the JavaScript public pages load up front", () => {
  it.each([
    "app/root.tsx",
    "app/routes/home.tsx",
    "app/routes/browse.tsx",
    "app/routes/category-path.shared.tsx",
    "app/features/newsletter/newsletter-signup.tsx",
    // Loaded later, but on any public page: the compare tray, the consent banner and dialog.
    "app/features/compare/compare-tray.tsx",
    "app/features/analytics/consent-banner.tsx",
    "app/features/analytics/consent-dialog.tsx",
  ])("%s does not import zod, even through other modules", (entry) => {
    expect(chainToZod(resolve(entry))).toBeNull();
  });

  it("names the chain of imports that brings zod in", () => {
    expect(chainToZod(resolve("app/client/api/client.ts"))).toBeNull();
    expect(chainToZod(resolve("app/lib/tool-query.ts"))).toEqual(["app/lib/tool-query.ts", "zod"]);
    expect(chainToZod(resolve("app/features/auth/auth-dialog.tsx"))).toEqual([
      "app/features/auth/auth-dialog.tsx",
      "app/lib/account-forms.ts",
      "zod",
    ]);
  });
});
