import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** The suite runs the production build; a checkout without one builds it first. */
export default function buildOnce() {
  if (existsSync("build/server/index.js")) return;
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0)
    throw new Error("react-router build failed; the fuzz suite needs build/");
}
