import type { ZodError } from "zod";
import { fieldErrorsOf } from "~/lib/field-errors";
import type { ApiErrorBody } from "~/lib/api/contract";

export type ErrorCode =
  | "INVALID"
  | "NOT_FOUND"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "METHOD_NOT_ALLOWED"
  | "CONFLICT"
  | "TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "RATE_LIMITED"
  | "UNAVAILABLE";

const STATUS: Record<ErrorCode, number> = {
  INVALID: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
};

/** The one error type services throw; its code decides the HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }

  get status(): number {
    return STATUS[this.code];
  }

  static fromZod(error: ZodError, message = "Some values are not valid."): AppError {
    return new AppError("INVALID", message, fieldErrorsOf(error, { keepItemIndex: true }));
  }

  toJSON(): ApiErrorBody {
    return { error: { code: this.code, message: this.message, fields: this.fields } };
  }
}
