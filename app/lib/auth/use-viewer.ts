import { useRouteLoaderData } from "react-router";
import type { Viewer } from "~/lib/profile";

interface RootData {
  viewer: Viewer | null;
  isGoogleSignInEnabled: boolean;
}

/** The signed-in person (from the root loader), or null. */
export function useViewer(): Viewer | null {
  return (useRouteLoaderData("root") as RootData | undefined)?.viewer ?? null;
}

export function useIsGoogleSignInEnabled(): boolean {
  return (useRouteLoaderData("root") as RootData | undefined)?.isGoogleSignInEnabled ?? false;
}
