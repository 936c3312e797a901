import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { layerZones } from "./eslint/layers.js";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "data/",
      ".react-router/",
      "test-results/",
      "playwright-report/",
      "node_modules/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat["recommended-latest"],
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // DESIGN.md 4: the browser bundle never contains server code.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/entry.server.tsx", "app/load-context.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              // Patterns read as .gitignore lines, where a leading # starts a comment.
              group: ["**/server/**", "\\#server/**"],
              message: "Client code must not import server modules.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // Imports run one way: down the server's layers, and into app/ only to app/lib. No cycles.
    files: ["server/**/*.ts", "app/**/*.{ts,tsx}", "cli/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: layerZones() }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
);
