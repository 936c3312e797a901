import type { AppServices } from "../server/services.server";

// What the Express server hands every loader and action (server/http.server.ts).
declare module "react-router" {
  interface AppLoadContext {
    services: AppServices;
    cspNonce: string;
    /** APP_URL: the public base of canonical links. */
    appUrl: string;
  }
}

export {};
