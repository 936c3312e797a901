import { createContext, useContext } from "react";

// The CSP nonce of the current response (server only; browsers hide it from scripts).
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
