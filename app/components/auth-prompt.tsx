import { createContext, useContext } from "react";

export type AuthMode = "signin" | "signup";

const AuthPromptContext = createContext<(mode: AuthMode) => void>(() => {});

/** Opens the sign-in or sign-up dialog from anywhere, such as a like button (spec 4 Like). */
export function useAuthPrompt() {
  return useContext(AuthPromptContext);
}

export const AuthPromptProvider = AuthPromptContext.Provider;
