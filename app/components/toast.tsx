import { createContext, useContext, useEffect, useState } from "react";
import { TOAST_LIST_CAP, TOAST_MAX_WIDTH_PX } from "~/lib/constants";

export interface ToastOptions {
  message: string;
  /** A symbol shown before the message, such as a heart. */
  icon?: string;
  tone?: "info" | "error";
  durationMs: number;
  /** A link that follows the message, such as "Verify email". */
  action?: { label: string; href: string };
}

export interface Toast extends ToastOptions {
  id: number;
}

/**
 * The toasts on screen: each leaves after its own duration, and only the newest 20 stay.
 * `onChange` hears every new list.
 */
export function createToastList(onChange: (toasts: Toast[]) => void) {
  let toasts: Toast[] = [];
  let nextId = 0;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const update = (next: Toast[]) => {
    toasts = next;
    onChange(toasts);
  };
  return {
    show(toast: ToastOptions) {
      const id = nextId++;
      update([...toasts, { ...toast, id }].slice(-TOAST_LIST_CAP));
      const timer = setTimeout(() => {
        timers.delete(timer);
        update(toasts.filter((item) => item.id !== id));
      }, toast.durationMs);
      timers.add(timer);
    },
    /** Stops every pending removal. */
    stop() {
      timers.forEach(clearTimeout);
      timers.clear();
    },
  };
}

const ABOVE_BOTTOM_BARS =
  "calc(1rem + var(--consent-bar-height, 0px) + var(--compare-bar-height, 0px))";

const ToastContext = createContext<(toast: ToastOptions) => void>(() => {});

/** Shows a short message in the corner of the screen (at most 20, 350 px wide). */
export function useToast() {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [list] = useState(() => createToastList(setToasts));

  useEffect(() => () => list.stop(), [list]);

  return (
    <ToastContext.Provider value={list.show}>
      {children}
      <div
        role="status"
        aria-live="polite"
        // Above the bars fixed at the bottom (the consent banner, the compare tray: their heights
        // come from useReserveRoomBelowPage), so a toast never covers their buttons.
        style={{ bottom: ABOVE_BOTTOM_BARS }}
        className="pointer-events-none fixed right-4 left-4 z-50 flex flex-col items-end gap-2"
      >
        {toasts.map((toast) => (
          <ToastMessage key={toast.id} toast={toast} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** One toast: its icon, message and link. */
export function ToastMessage({ toast }: { toast: ToastOptions }) {
  return (
    <p
      style={{ maxWidth: TOAST_MAX_WIDTH_PX }}
      className={`pointer-events-auto rounded-xl px-4 py-3 text-sm font-medium shadow-lg ${
        toast.tone === "error" ? "bg-red-700 text-white" : "bg-slate-900 text-white"
      }`}
    >
      {toast.icon && (
        <span aria-hidden="true" className="mr-2">
          {toast.icon}
        </span>
      )}
      {toast.message}
      {toast.action && (
        <a href={toast.action.href} className="ml-2 font-semibold underline underline-offset-2">
          {toast.action.label}
        </a>
      )}
    </p>
  );
}
