import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The lint's layer rule (eslint/layers.js, docs/architecture.md "Layers"): an import that runs up
// the server's layers, or from server/ into app/ outside app/lib, fails `npm run lint`.

const eslint = new ESLint({
  ruleFilter: ({ ruleId }) =>
    ruleId === "import-x/no-restricted-paths" ||
    ruleId === "@typescript-eslint/no-restricted-imports",
});

/** The layer rule's messages for `code` as if it were the file at `filePath`. */
async function layerErrorsOf(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.message);
}

describe("the import layers", () => {
  it("refuses an import from a lower layer up to a higher one", async () => {
    const errors = await layerErrorsOf(
      "server/net/probe.server.ts",
      'import { healthCheck } from "../routes/health.server";\nexport const probe = healthCheck;\n',
    );
    expect(errors).toEqual([
      expect.stringContaining("The core layer may not import from a layer above it"),
    ]);
  });

  it("refuses one written with the named root as well", async () => {
    const errors = await layerErrorsOf(
      "server/db/probe.server.ts",
      'import { healthCheck } from "#server/routes/health.server";\nexport const probe = healthCheck;\n',
    );
    expect(errors).toEqual([
      expect.stringContaining("The database layer may not import from a layer above it"),
    ]);
  });

  it("refuses a server import of a UI folder, and lets app/lib through", async () => {
    const errors = await layerErrorsOf(
      "server/services/probe.server.ts",
      [
        'import { BrowsePage } from "~/features/browse/browse-page";',
        'import { BROWSE_PATH } from "~/lib/paths";',
        "export const probe = [BrowsePage, BROWSE_PATH];",
        "",
      ].join("\n"),
    );
    expect(errors).toEqual([expect.stringContaining("imports from app/ only what app/lib shares")]);
  });

  it("keeps the shared app/lib free of the browser's code", async () => {
    const errors = await layerErrorsOf(
      "app/lib/probe.ts",
      'import { debounce } from "~/client/debounce";\nexport const probe = debounce;\n',
    );
    expect(errors).toEqual([
      expect.stringContaining("app/lib is shared by the server and the browser"),
    ]);
  });

  it("refuses a UI file's value import of server code through the named root", async () => {
    const errors = await layerErrorsOf(
      "app/features/browse/probe.tsx",
      'import { tools } from "#server/db/schema";\nexport const probe = tools;\n',
    );
    expect(errors).toEqual([expect.stringContaining("Client code must not import server modules")]);
  });

  it("lets an import run down the layers", async () => {
    const errors = await layerErrorsOf(
      "server/routes/probe.server.ts",
      'import { loadEnv } from "../core/env.server";\nexport const probe = loadEnv;\n',
    );
    expect(errors).toEqual([]);
  });
});
