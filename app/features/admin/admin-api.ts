/** A refused admin request: the server's message and, for forms, its per-field messages. */
export class AdminApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

type ErrorBody = { error?: { message?: string; fields?: Record<string, string> } } | null;

/** Calls an /api/admin endpoint; a refusal becomes an AdminApiError with the server's words. */
export async function adminRequest<T>(
  path: string,
  init: { method: string; json?: unknown; body?: BodyInit; contentType?: string },
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method,
      headers:
        init.json !== undefined
          ? { "content-type": "application/json" }
          : init.contentType
            ? { "content-type": init.contentType }
            : undefined,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
  } catch {
    throw new AdminApiError("The server could not be reached. Check your connection.", 0);
  }
  const data = (await response.json().catch(() => null)) as ErrorBody;
  if (!response.ok) {
    throw new AdminApiError(
      data?.error?.message ?? `The request failed (${response.status}).`,
      response.status,
      data?.error?.fields,
    );
  }
  return data as T;
}
