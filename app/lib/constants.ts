// The business constants, in one place for the UI, the server and the tests.

export const INITIAL_VISIBLE_TOOLS = 21;
export const LOAD_MORE_STEP = 9;
export const RECENTLY_ADDED_LIMIT = 20;
export const TOP_TOOLS_LIMIT = 5;
export const FEATURED_TOOL_COUNT = 4;
/** The spec's batch size for fetching the featured set; the snapshot needs no batches (decision 028). */
export const FEATURED_BATCH_SIZE = 10;

export const CAROUSEL_INTERVAL_MS = 10_000;
export const CAROUSEL_FADE_MS = 500;
export const SEARCH_DEBOUNCE_MS = 300;
export const PLACEHOLDER_ROTATION_MS = 3_000;
export const SNAPSHOT_VALIDITY_MS = 5 * 60_000;
export const RESEND_COOLDOWN_S = 60;
export const VERIFICATION_POLL_MS = 2_000;
export const VERIFIED_REDIRECT_MS = 2_000;
export const TYPING_HOLD_MS = 10_000;
export const TYPING_TYPE_MS = 150;
export const TYPING_DELETE_MS = 50;
export const LIKE_TOAST_MS = 2_000;
export const LIKE_ERROR_TOAST_MS = 3_000;
export const INLINE_ERROR_CLEAR_MS = 5_000;
export const TOAST_LIST_CAP = 20;
export const TOAST_MAX_WIDTH_PX = 350;
export const CARD_IMAGE_HEIGHT_PX = 180;
export const OUTSIDE_CLICK_TOUCH_THRESHOLD_PX = 30;
export const MOBILE_SIDEBAR_MAX_HEIGHT_PX = 1000;
export const SUBCATEGORY_LIST_HEIGHT_PX = 600;

/** The most tools GET /api/tools answers at once. */
export const MAX_PAGE_SIZE = 1000;
/** The most cards a listing page renders on the server (Load More without JavaScript). */
export const MAX_RENDERED_CARDS = 300;

export const MIN_SEARCH_LENGTH = 2;
export const MAX_SEARCH_RESULTS = 1000;
export const MAX_SEARCH_TEXT_LENGTH = 200;
/** How long the "Failed to record view" message stays (the same time as the like error). */
export const VIEW_ERROR_TOAST_MS = 3_000;

/** A search query is usable only if its trimmed length is at least 2. */
export function isUsableSearch(text: string): boolean {
  return text.trim().length >= MIN_SEARCH_LENGTH;
}

export const TYPING_WORDS = ["Business", "Personal Life", "Work"] as const;
export const DEFAULT_SEARCH_PLACEHOLDER = "Search AI tools...";

/** The spec's five sorts, then Lowest price (starting price per user per month, unpriced last). */
export const SORT_OPTIONS = [
  "Newest",
  "Most Liked",
  "Most Viewed",
  "Rating",
  "Relevance",
  "Lowest price",
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export const PRICING_FILTERS = ["All Pricing", "Free", "Freemium", "Paid"] as const;
export type PricingFilter = (typeof PRICING_FILTERS)[number];

export const PRICING_MODELS = ["Free", "Freemium", "Paid"] as const;

export const ALL_CATEGORIES = "All";
export const UNCATEGORIZED_SEGMENT = "uncategorized";

export const TOOL_STATUSES = ["online", "draft", "offline"] as const;
export type ToolStatus = (typeof TOOL_STATUSES)[number];

export const CONTACT_EMAIL = "hello@businessaitools.example";

// Analytics consent is stored under this key, denied unless it says granted.
export const ANALYTICS_CONSENT_KEY = "analytics_consent";
export type ConsentValue = "granted" | "denied";
export const SIGNED_IN_TOAST_MS = 3_000;
