import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

// `npm start`: builds the app when there is no build yet, then runs the server in production mode.

if (!existsSync("build/server/index.js")) {
  console.log("No build found: building the app first (npm run build)...");
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV ??= "production";
await import("./main.ts");
