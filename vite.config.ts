import { resolve } from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const ROOT_ROUTE = resolve("app/root.tsx");
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;

interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * Every page loads the framework and what the root route imports statically; each in one chunk
 * compresses about 4 KB (brotli) smaller than the two dozen small chunks the bundler would make
 * (decision 006). Modules the root loads by a dynamic import stay apart, loaded when needed.
 */
function pageShellChunks() {
  let shell: Set<string> | null = null;
  return (id: string, context: ChunkingContext) => {
    if (FRAMEWORK.test(id)) return "framework";
    // The root route's own chunk becomes a line of re-exports from the shell.
    if (id === ROOT_ROUTE) return "shell";
    if (!shell) {
      shell = new Set();
      const queue = [ROOT_ROUTE];
      for (const next of queue) {
        for (const imported of context.getModuleInfo(next)?.importedIds ?? []) {
          if (shell.has(imported)) continue;
          shell.add(imported);
          queue.push(imported);
        }
      }
    }
    return shell.has(id) ? "shell" : null;
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        rolldownOptions: { output: { codeSplitting: { groups: [{ name: pageShellChunks() }] } } },
      },
    },
  },
});
