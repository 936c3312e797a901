// The texts people see when something is empty or goes wrong.

export const VIEW_FAILED = "Failed to record view. Proceeding to tool page.";
export const NO_FILTER_RESULTS = "No tools match your filters";
export const NO_SUBCATEGORIES = "No subcategories found.";
export const NO_TOP_TOOLS = "No top tools found";
export const TOP_TOOLS_FALLBACK = "Showing recently added tools (likes data unavailable)";

export function noSearchResults(query: string): string {
  return `No tools found for "${query}"`;
}

/** A search no tool matches in full, answered without its weakest words. */
export function relaxedSearchNote(matchedWords: string): string {
  return `No tools match all words; showing tools matching "${matchedWords}"`;
}

/** The start of the suggestion; the suggested search follows as a link. */
export const DID_YOU_MEAN = "Did you mean";

// Email verification.
export const EMAIL_VERIFIED = "Email verified successfully! Redirecting to browse tools...";
export const VERIFICATION_CHECK_FAILED =
  "Error checking verification status. Please try refreshing the page.";
export const RESEND_FAILED = "Failed to send verification email. Please try again later.";
export const RESEND_SENT = "Verification email sent! Please check your inbox.";

// Like.
export const LIKE_INVALID = "Unable to like: Invalid tool data";
export const LIKE_FAILED_INLINE = "Failed to update. Please try again.";
export const LIKE_FAILED_TOAST = "Failed to update like status";
export const LIKE_ADDED = "Added to favorites!";
export const LIKE_REMOVED = "Removed from favorites";
export const LIKE_NEEDS_VERIFIED_EMAIL = "Verify your email address to like tools.";
