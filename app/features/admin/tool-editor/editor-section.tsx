export function EditorSection({
  title,
  children,
  className = "",
}: {
  title: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <fieldset
      className={`min-w-0 space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 ${className}`}
    >
      <legend className="px-1 text-lg font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}
