import { data } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { handleError } from "~/entry.server";

// React Router's loader, action and render errors reach the error reports through
// entry.server's handleError; a route's own error response and an abandoned request do not.

function argsOf(url: string, isAborted = false) {
  const controller = new AbortController();
  if (isAborted) controller.abort();
  const recordServerError = vi.fn();
  const args = {
    request: new Request(url, { signal: controller.signal }),
    params: {},
    context: { services: { recordServerError } },
  } as unknown as Parameters<typeof handleError>[1];
  return { args, recordServerError };
}

describe("handleError", () => {
  it("reports a bug with the page's path", () => {
    const { args, recordServerError } = argsOf("http://localhost/ai-tools?search=x");
    const bug = new TypeError("x is undefined");
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      handleError(bug, args);
    } finally {
      log.mockRestore();
    }
    expect(recordServerError).toHaveBeenCalledWith(bug, "/ai-tools");
  });

  it("reports neither a route's error response nor an abandoned request", async () => {
    const { args, recordServerError } = argsOf("http://localhost/ai-tools/x");
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const notFound = await routeErrorOf(404);
      const failed = await routeErrorOf(503);
      handleError(notFound, args);
      handleError(failed, args);
      handleError(new Error("late"), argsOf("http://localhost/", true).args);
    } finally {
      log.mockRestore();
    }
    expect(recordServerError).not.toHaveBeenCalled();
  });
});

/** The ErrorResponse React Router makes of `throw data(…, status)` in a loader. */
async function routeErrorOf(status: number): Promise<unknown> {
  const { createStaticHandler } = await import("react-router");
  const handler = createStaticHandler([
    {
      id: "root",
      path: "/",
      loader: () => {
        throw data("refused", { status });
      },
    },
  ]);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("expected a context");
  return context.errors?.root;
}
