import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
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

interface Toast extends ToastOptions {
  id: number;
}

const ToastContext = createContext<(toast: ToastOptions) => void>(() => {});

/** Shows a short message in the corner of the screen (spec 8 and 9: at most 20, 350 px wide). */
export function useToast() {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const show = useCallback((toast: ToastOptions) => {
    const id = nextId.current++;
    setToasts((current) => [...current, { ...toast, id }].slice(-TOAST_LIST_CAP));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setToasts((current) => current.filter((item) => item.id !== id));
    }, toast.durationMs);
    timers.current.add(timer);
  }, []);

  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div
        role="status"
        aria-live="polite"
        className="pointer-events-none fixed right-4 bottom-4 z-50 flex flex-col items-end gap-2"
      >
        {toasts.map((toast) => (
          <p
            key={toast.id}
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
              <a
                href={toast.action.href}
                className="ml-2 font-semibold underline underline-offset-2"
              >
                {toast.action.label}
              </a>
            )}
          </p>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
