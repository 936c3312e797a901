import type { SignedIn } from "../server/auth/viewer.server";
import type { LikedState } from "./lib/api/contract";
import type { AppServices } from "../server/services.server";

// What the Express server hands every loader and action (server/http.server.ts).
declare module "react-router" {
  interface AppLoadContext {
    services: AppServices;
    /**
     * This response's CSP nonce; null when the page is rendered once for every signed-out visitor
     * (server/render-cache, decision 013): no nonce (its CSP lists the hashes of its inline
     * scripts), and the whole document before the first byte.
     */
    cspNonce: string | null;
    /** APP_URL: the public base of canonical links. */
    appUrl: string;
    /** The person signed in on this request (read once, fresh from the database), or null. */
    signedIn: () => Promise<SignedIn | null>;
    /** Their liked tools and the live event they were read at (read once per request), or null. */
    likedState: () => Promise<LikedState | null>;
    /** GOOGLE_CLIENT_ID is set: the dialogs offer "Continue with Google". */
    isGoogleSignInEnabled: boolean;
    /** The client's address as TRUST_PROXY allows it to be known (rate limits key on it). */
    clientAddress: string;
  }
}

export {};
