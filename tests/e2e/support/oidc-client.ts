// The one client registered with the test OpenID Connect provider (oidc-provider.ts), and where that
// provider listens. Importable by tests and config without starting the server.

export const OIDC_CLIENT_ID = "test-google-client";
export const OIDC_CLIENT_SECRET = "test-google-secret";
export const OIDC_PORT = Number(process.env.OIDC_PORT ?? 3227);
/** The provider's issuer; discovery is at `${OIDC_ISSUER}/.well-known/openid-configuration`. */
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
