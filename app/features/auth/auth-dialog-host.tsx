import { useState } from "react";
import { AuthPromptProvider, type AuthMode } from "~/components/auth-prompt";
import { AuthDialog } from "./auth-dialog";

/** Holds the one auth dialog of the page and lets any control open it (useAuthPrompt). */
export function AuthDialogHost({ children }: { children: React.ReactNode }) {
  const [mode, setMode] = useState<AuthMode | null>(null);
  return (
    <AuthPromptProvider value={setMode}>
      {children}
      <AuthDialog mode={mode} onModeChange={setMode} />
    </AuthPromptProvider>
  );
}
