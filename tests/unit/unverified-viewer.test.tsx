import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ToastMessage } from "~/components/toast";
import { likeRefusalOf } from "~/components/likes/like-refusal";
import { CommentsSection } from "~/features/comments/comments-section";
import type { CommentPage, CommentThread } from "~/lib/api/contract";
import type { Viewer } from "~/lib/profile";

// A signed-in person whose email is not verified is asked to verify it before liking,
// commenting, rating or reporting. Since decision 022 such a session exists only if it was
// started before that change, so sign-up can no longer make one in the browser tests: the pages
// are rendered here with such a viewer, and the server's 403s are in
// tests/integration/unverified-session.test.ts.

const unverified: Viewer = {
  id: "user-unverified",
  email: "unverified@example.com",
  emailVerified: false,
  username: "unverified",
  displayName: "Unverified",
  photoUrl: null,
  isAdmin: false,
};

const thread: CommentThread = {
  id: 7,
  parentId: null,
  authorName: "Ann",
  isImported: false,
  bodyHtml: "<p>Saves us an hour a day</p>",
  bodyText: null,
  rating: 4,
  state: "visible",
  createdAt: "2026-11-30T10:00:00.000Z",
  editedAt: null,
  isOwn: false,
  canEdit: false,
  isReported: false,
  replies: [],
};

const firstPage: CommentPage = {
  threads: [thread],
  sort: "newest",
  page: 1,
  pageSize: 20,
  totalThreads: 1,
  commentCount: 1,
  rating: { ratingAvg: 4, ratingCount: 1, histogram: [0, 0, 0, 1, 0] },
  isLocked: false,
  viewerRating: null,
};

/** The page as the server renders it, with `viewer` signed in (the root loader's data). */
function renderSignedIn(viewer: Viewer, page: React.ReactNode): string {
  const Stub = createRoutesStub([
    { id: "root", path: "/", Component: () => page, loader: () => null },
  ]);
  return renderToString(<Stub hydrationData={{ loaderData: { root: { viewer } } }} />);
}

describe("the comments section for a person whose email is not verified", () => {
  const html = renderSignedIn(
    unverified,
    <CommentsSection toolId="tool-1" toolName="Invoicer" initialPage={firstPage} />,
  );

  it("asks them to verify the email, with a link to the verification page", () => {
    expect(html).toContain("Verify your email address to comment and rate.");
    expect(html).toMatch(/<a href="\/verify-email"[^>]*>Open email verification<\/a>/);
  });

  it("shows the comments but no comment box and no Report button", () => {
    expect(html).toContain("Saves us an hour a day");
    expect(html).not.toContain("Your comment");
    expect(html).not.toContain("<textarea");
    expect(html).not.toMatch(/>Report</);
    expect(html).not.toContain("Sign in to comment");
  });

  it("shows the comment box and Report once the email is verified", () => {
    const verified = renderSignedIn(
      { ...unverified, emailVerified: true },
      <CommentsSection toolId="tool-1" toolName="Invoicer" initialPage={firstPage} />,
    );
    expect(verified).toContain("Your comment");
    expect(verified).toMatch(/>Report</);
    expect(verified).not.toContain("Verify your email address to comment and rate.");
  });
});

describe("the like button's answer to a person whose email is not verified", () => {
  it("shows the text with a Verify email link to /verify-email", () => {
    const refusal = likeRefusalOf(unverified, "tool-1");
    if (refusal?.kind !== "toast") throw new Error("expected a toast");
    const html = renderToString(<ToastMessage toast={refusal.toast} />);
    expect(html).toContain("Verify your email address to like tools.");
    expect(html).toMatch(/<a href="\/verify-email"[^>]*>Verify email<\/a>/);
  });
});
