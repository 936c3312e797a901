// Runs the fake OpenAI-compatible model on FAKE_MODEL_PORT (for Playwright and manual runs):
//   FAKE_MODEL_PORT=4411 node --import tsx tests/support/serve-fake-model.ts
// then LLM_BASE_URL=http://127.0.0.1:4411/v1. GET /healthz answers "ok"; stops on SIGINT or SIGTERM.

import { startFakeModel } from "./fake-model-server";

const port = Number(process.env.FAKE_MODEL_PORT ?? 4411);
const model = await startFakeModel({ port });
console.log(`Fake model listening at ${model.baseUrl}`);

const stop = (): void => {
  void model.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
