import { defineConfig } from "vitest/config";

// `npm run test:fuzz`: the property-based suite against a running production server
// (tests/fuzz). One file at a time: each starts its own server and fills the machine's cores.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/fuzz/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/fuzz/global-setup.ts"],
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 180_000,
  },
});
