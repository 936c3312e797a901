import { describe, expect, it, vi } from "vitest";
import { LikeStore } from "~/components/likes/like-store";

// The like store starts from the liked tools in the page's data and follows changes.

describe("LikeStore", () => {
  it("starts from the page's liked tools, and knows nothing liked when signed out", () => {
    const signedIn = new LikeStore(undefined, { likedToolIds: ["a", "b"], liveEventId: 12 });
    expect(signedIn.isLiked("a")).toBe(true);
    expect(signedIn.isLiked("c")).toBe(false);
    expect(signedIn.startEventId).toBe(12);
    expect(signedIn.likedSignature()).toBe("a b");

    const signedOut = new LikeStore();
    expect(signedOut.isLiked("a")).toBe(false);
    expect(signedOut.startEventId).toBeNull();
    expect(signedOut.likedSignature()).toBeNull();
  });

  it("follows liked events and tells its listeners", () => {
    const store = new LikeStore(undefined, { likedToolIds: ["a"], liveEventId: 1 });
    const listener = vi.fn();
    store.subscribe(listener);
    store.applyLikedEvent({ id: 2, toolId: "a", isLiked: false });
    store.applyLikedEvent({ id: 3, toolId: "b", isLiked: true });
    expect(store.likedSignature()).toBe("b");
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("rebases on liked tools read afresh, keeping the changes heard after they were read", () => {
    const store = new LikeStore(undefined, { likedToolIds: ["a"], liveEventId: 1 });
    store.applyLikedEvent({ id: 5, toolId: "b", isLiked: true });
    store.applyLikedEvent({ id: 8, toolId: "c", isLiked: true });
    store.applyLikedEvent({ id: 9, toolId: "a", isLiked: false });
    // Read at event 7: it knows "b" (event 5) and a like of "d" the stream missed, not 8 and 9.
    store.rebase({ likedToolIds: ["a", "b", "d"], liveEventId: 7 });
    expect(store.likedSignature()).toBe("b c d");
  });

  it("forgets the changes that liked tools in the page's data already hold", () => {
    const store = new LikeStore(undefined, { likedToolIds: [], liveEventId: 1 });
    store.applyLikedEvent({ id: 2, toolId: "a", isLiked: true });
    store.applyLikedEvent({ id: 3, toolId: "b", isLiked: true });
    store.forgetChangesThrough(2);
    // A later rebase from a list read before both changes re-applies only the one not forgotten.
    store.rebase({ likedToolIds: [], liveEventId: 1 });
    expect(store.likedSignature()).toBe("b");
  });

  it("makes a store for another person that keeps the counts and takes that person's likes", () => {
    const store = new LikeStore(undefined, { likedToolIds: ["a"], liveEventId: 3 });
    store.setCount("a", 7);
    const next = store.forViewer({ likedToolIds: ["b"], liveEventId: 9 });
    expect(next.count("a")).toBe(7);
    expect(next.isLiked("a")).toBe(false);
    expect(next.isLiked("b")).toBe(true);
    expect(next.startEventId).toBe(9);
    expect(store.forViewer(null).isLiked("b")).toBe(false);
  });

  it("never counts below 0", () => {
    const store = new LikeStore();
    store.setCount("a", -2);
    expect(store.count("a")).toBe(0);
  });
});
