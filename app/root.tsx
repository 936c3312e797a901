import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRevalidator,
  type LinksFunction,
} from "react-router";
import type { Route } from "./+types/root";
import { NavigationProgress } from "./components/navigation-progress";
import { useNonce } from "./components/nonce";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { ConsentHost } from "./features/analytics/consent-host";
import { ConsentPreferences } from "./features/analytics/consent-preferences";
import { CompareTrayHost } from "./features/compare/compare-tray-host";
import { AccountActions } from "./features/auth/account-actions";
import { AuthDialogHost } from "./features/auth/auth-dialog-host";
import { ToastProvider } from "./components/toast";
import { LiveLikes } from "./components/likes/live-likes";
import { useViewer, useViewerLikes } from "./client/auth/use-viewer";
import { listenForErrors, reportError } from "./client/analytics/track";
import stylesheet from "./app.css?url";

// As early as the page's own scripts run, so errors during hydration are reported too.
if (typeof window !== "undefined") listenForErrors();

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const signedIn = await context.signedIn();
  return {
    viewer: signedIn?.viewer ?? null,
    // What the person likes is in the server render, so their hearts show pressed at once.
    liked: await context.likedState(),
    isGoogleSignInEnabled: context.isGoogleSignInEnabled,
    analytics: context.services.getAnalyticsClientSettings(),
  };
}

export { shouldRevalidate } from "./client/root-revalidation";

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const viewer = useViewer();
  const liked = useViewerLikes();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d41b8" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <NavigationProgress />
        <ToastProvider>
          <ConsentHost>
            <LiveLikes viewerId={viewer?.id ?? null} liked={liked}>
              <AuthDialogHost>
                <SiteHeader accountActions={(layout) => <AccountActions layout={layout} />} />
                <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
                  {children}
                </main>
                <CompareTrayHost />
                <SiteFooter consentPreferences={<ConsentPreferences />} />
              </AuthDialogHost>
            </LiveLikes>
          </ConsentHost>
        </ToastProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the page as running in the browser: for styles that need scripts, and for tests.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  // A page restored from the back-forward cache may show who was signed in back then.
  const revalidator = useRevalidator();
  useEffect(() => {
    const refresh = (event: PageTransitionEvent) => {
      if (event.persisted) void revalidator.revalidate();
    };
    window.addEventListener("pageshow", refresh);
    return () => window.removeEventListener("pageshow", refresh);
  }, [revalidator]);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  const title = isNotFound ? "Page not found" : "Something went wrong";
  const message = isNotFound
    ? "We could not find that page. It may have moved, or the address may be mistyped."
    : "An unexpected error stopped this page from loading. Please try again in a moment.";
  const isUnexpected = !isNotFound && !isRouteErrorResponse(error);
  if (isUnexpected) console.error(error);
  useEffect(() => {
    if (isUnexpected) reportError(error, "boundary");
  }, [error, isUnexpected]);
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <title>{`${title} | Business AI Tools Directory`}</title>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-slate-600">{message}</p>
      <p className="mt-8 flex flex-wrap justify-center gap-4">
        <a
          className="rounded-lg bg-brand-700 px-4 py-2 font-medium whitespace-nowrap text-white"
          href="/"
        >
          Go to the home page
        </a>
        <a
          className="rounded-lg border border-slate-300 px-4 py-2 font-medium whitespace-nowrap"
          href="/ai-tools"
        >
          Browse AI tools
        </a>
      </p>
    </div>
  );
}
