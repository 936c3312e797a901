import { describe, expect, it } from "vitest";
import { LOCAL_KEYS, SNAPSHOT_KEY } from "~/features/browse/browse-storage";
import * as constants from "~/lib/constants";
import { MAX_POPULARITY, popularity, relevance } from "#server/search/relevance.server";

// The business constants written out as literals. Every other test may use the app's constants;
// this one fails when one of them drifts from the figures the product promises.

describe("business constants and limits", () => {
  it.each([
    ["INITIAL_VISIBLE_TOOLS", 21],
    ["LOAD_MORE_STEP", 9],
    ["RECENTLY_ADDED_LIMIT", 20],
    ["TOP_TOOLS_LIMIT", 5],
    ["FEATURED_TOOL_COUNT", 4],
    ["FEATURED_BATCH_SIZE", 10],
    ["CAROUSEL_INTERVAL_MS", 10_000],
    ["CAROUSEL_FADE_MS", 500],
    ["SEARCH_DEBOUNCE_MS", 300],
    ["PLACEHOLDER_ROTATION_MS", 3_000],
    ["SNAPSHOT_VALIDITY_MS", 300_000],
    ["RESEND_COOLDOWN_S", 60],
    ["VERIFICATION_POLL_MS", 2_000],
    ["VERIFIED_REDIRECT_MS", 2_000],
    ["TYPING_HOLD_MS", 10_000],
    ["TYPING_TYPE_MS", 150],
    ["TYPING_DELETE_MS", 50],
    ["LIKE_TOAST_MS", 2_000],
    ["LIKE_ERROR_TOAST_MS", 3_000],
    ["INLINE_ERROR_CLEAR_MS", 5_000],
    ["TOAST_LIST_CAP", 20],
    ["TOAST_MAX_WIDTH_PX", 350],
    ["CARD_IMAGE_HEIGHT_PX", 180],
    ["OUTSIDE_CLICK_TOUCH_THRESHOLD_PX", 30],
    ["MOBILE_SIDEBAR_MAX_HEIGHT_PX", 1000],
    ["SUBCATEGORY_LIST_HEIGHT_PX", 600],
  ] as const)("%s is %d", (name, value) => {
    expect(constants[name]).toBe(value);
  });

  it("offers the spec's five sorts in its order, then Lowest price, and the four pricing filters", () => {
    expect(constants.SORT_OPTIONS).toEqual([
      "Newest",
      "Most Liked",
      "Most Viewed",
      "Rating",
      "Relevance",
      "Lowest price",
    ]);
    expect(constants.PRICING_FILTERS).toEqual(["All Pricing", "Free", "Freemium", "Paid"]);
  });

  it("scores relevance as 70% match and 30% popularity", () => {
    expect(relevance(1, 0)).toBeCloseTo(0.7, 10);
    expect(relevance(0, MAX_POPULARITY)).toBeCloseTo(0.3, 10);
  });

  it("counts popularity as views/100 capped at 50, likes x 2 capped at 30, rating x 5", () => {
    expect(popularity({ views: 250, likesTotal: 4, ratingAvg: 3 })).toBe(2.5 + 8 + 15);
    expect(popularity({ views: 10_000_000, likesTotal: 0, ratingAvg: 0 })).toBe(50);
    expect(popularity({ views: 0, likesTotal: 1_000, ratingAvg: 0 })).toBe(30);
    expect(MAX_POPULARITY).toBe(105);
  });
});

describe("browser storage keys", () => {
  it("stores analytics consent under analytics_consent", () => {
    expect(constants.ANALYTICS_CONSENT_KEY).toBe("analytics_consent");
  });

  it("keeps one local key per saved browse value and one session key for the snapshot", () => {
    expect(LOCAL_KEYS).toEqual({
      category: "browse_category",
      subcategories: "browse_subcategories",
      search: "browse_search",
      sort: "browse_sort",
      pricing: "browse_pricing",
      scroll: "browse_scroll",
      visibleCount: "browse_visible_count",
      sidebarExpanded: "browse_sidebar_expanded",
      // Beyond the spec's keys: the buyer-fact filters are saved like the others.
      require: "browse_require",
      integrates: "browse_integrates",
      maxPrice: "browse_max_price",
    });
    expect(SNAPSHOT_KEY).toBe("browse_snapshot");
  });
});
