import { useId, useRef, useState } from "react";
import { describedBy, FieldNotes, Spinner } from "~/components/form-controls";
import { previewMarkdown } from "~/client/api/admin-client";

const TABS = [
  { name: "write", label: "Write" },
  { name: "preview", label: "Preview" },
] as const;

const HINT =
  "Markdown: **bold**, *italic*, ## headings, - lists, [links](https://example.com). Raw HTML is shown as text.";

interface MarkdownFieldProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string;
  maxLength: number;
}

/**
 * Markdown with Write and Preview tabs. The preview is rendered by the server with the same
 * sanitizing renderer as the tool page, so what the admin sees is what visitors get.
 */
export function MarkdownField({ label, value, onValue, error, maxLength }: MarkdownFieldProps) {
  const id = useId();
  const [tab, setTab] = useState<"write" | "preview">("write");
  const [preview, setPreview] = useState<{ source: string; html: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** Only the latest preview request may show its answer. */
  const latestRequest = useRef(0);
  const isLoading = tab === "preview" && preview?.source !== value && !problem;

  async function showPreview() {
    setTab("preview");
    setProblem(null);
    if (preview?.source === value) return;
    const request = ++latestRequest.current;
    try {
      const { html } = await previewMarkdown({ source: value });
      if (request === latestRequest.current) setPreview({ source: value, html });
    } catch (failure) {
      if (request !== latestRequest.current) return;
      setProblem(failure instanceof Error ? failure.message : "The preview failed.");
    }
  }

  const tabClass = (isActive: boolean) =>
    `rounded-t-lg border-b-2 px-3 py-1.5 text-sm font-medium ${isActive ? "border-brand-700 text-brand-800" : "border-transparent text-slate-600 hover:text-slate-900"}`;
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <div
          role="tablist"
          aria-label={`${label} view`}
          className="flex gap-1"
          onKeyDown={(event) => {
            // ARIA tabs: the arrow keys switch between Write and Preview.
            if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
            event.preventDefault();
            const next = tab === "write" ? "preview" : "write";
            if (next === "preview") void showPreview();
            else setTab("write");
            event.currentTarget.querySelector<HTMLElement>(`[data-tab="${next}"]`)?.focus();
          }}
        >
          {TABS.map(({ name, label: tabLabel }) => (
            <button
              key={name}
              type="button"
              role="tab"
              data-tab={name}
              tabIndex={tab === name ? 0 : -1}
              aria-selected={tab === name}
              onClick={() => (name === "preview" ? void showPreview() : setTab("write"))}
              className={tabClass(tab === name)}
            >
              {tabLabel}
            </button>
          ))}
        </div>
      </div>
      <textarea
        id={id}
        rows={12}
        value={value}
        maxLength={maxLength}
        hidden={tab !== "write"}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, HINT, error)}
        className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 font-mono text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-invalid:border-red-500"
      />
      {tab === "preview" && (
        <div
          role="tabpanel"
          aria-label={`${label} preview`}
          aria-busy={isLoading}
          className="mt-1 min-h-48 rounded-lg border border-slate-200 bg-white px-4 py-3"
        >
          {problem ? (
            <p className="text-sm text-red-700">{problem}</p>
          ) : isLoading ? (
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <Spinner /> Rendering the preview...
            </p>
          ) : value.trim() === "" ? (
            <p className="text-sm text-slate-600">Nothing to preview yet.</p>
          ) : (
            <div className="prose-tool" dangerouslySetInnerHTML={{ __html: preview?.html ?? "" }} />
          )}
        </div>
      )}
      <FieldNotes id={id} hint={HINT} error={error} />
    </div>
  );
}
