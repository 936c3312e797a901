import { useRouteLoaderData } from "react-router";
import type { LikedState } from "~/components/likes/like-store";
import type { Viewer } from "~/lib/profile";

interface RootData {
  viewer: Viewer | null;
  liked: LikedState | null;
  isGoogleSignInEnabled: boolean;
}

/** The signed-in person (from the root loader), or null. */
export function useViewer(): Viewer | null {
  return (useRouteLoaderData("root") as RootData | undefined)?.viewer ?? null;
}

export function useIsGoogleSignInEnabled(): boolean {
  return (useRouteLoaderData("root") as RootData | undefined)?.isGoogleSignInEnabled ?? false;
}

/** The signed-in person's liked tools and the live event they were read at, or null. */
export function useViewerLikes(): LikedState | null {
  return (useRouteLoaderData("root") as RootData | undefined)?.liked ?? null;
}
