import { useRouteLoaderData } from "react-router";
import type { LikedState } from "~/lib/api/contract";
import type { Viewer } from "~/lib/profile";
import type { loader as rootLoader } from "~/root";

const useRootData = () => useRouteLoaderData<typeof rootLoader>("root");

/** The signed-in person (from the root loader), or null. */
export function useViewer(): Viewer | null {
  return useRootData()?.viewer ?? null;
}

export function useIsGoogleSignInEnabled(): boolean {
  return useRootData()?.isGoogleSignInEnabled ?? false;
}

/** The signed-in person's liked tools and the live event they were read at, or null. */
export function useViewerLikes(): LikedState | null {
  return useRootData()?.liked ?? null;
}
