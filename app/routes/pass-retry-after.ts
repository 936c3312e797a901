/**
 * A route's `headers`: a refused action's Retry-After reaches the page's response (React Router
 * does not send an action's headers on their own).
 */
export function passRetryAfter({ actionHeaders }: { actionHeaders: Headers }) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}
