import { createContext, useContext } from "react";

export type AuthMode = "signin" | "signup";

/** The auth dialogs' titles, also shown while a dialog's code is still loading. */
export const AUTH_DIALOG_TITLES = {
  signin: "Sign in to your account",
  signup: "Create your account",
  reset: "Reset your password",
} as const;

const AuthPromptContext = createContext<(mode: AuthMode) => void>(() => {});

/** Opens the sign-in or sign-up dialog from anywhere, such as a like button. */
export function useAuthPrompt() {
  return useContext(AuthPromptContext);
}

export const AuthPromptProvider = AuthPromptContext.Provider;
