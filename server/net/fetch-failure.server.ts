// Why the guarded fetcher refused or failed an address. The fetcher owns these codes; a caller
// (the AI-assisted add's draft) maps them onto failures of its own.

type FetchFailureCode =
  | "invalid_address"
  | "private_address"
  | "unreachable"
  | "timeout"
  | "http_error"
  | "too_many_redirects"
  | "not_html"
  | "too_large"
  | "bot_challenge"
  | "cancelled";

/** A named failure of one fetch, with what went wrong in words ("HTTP 404", "10.0.0.3 is private"). */
export class FetchFailure extends Error {
  constructor(
    readonly code: FetchFailureCode,
    readonly detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = "FetchFailure";
  }
}
