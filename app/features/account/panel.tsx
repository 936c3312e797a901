/** One titled box of the account page. */
export function Panel({
  title,
  children,
  tone = "plain",
}: {
  title: string;
  children: React.ReactNode;
  tone?: "plain" | "danger";
}) {
  const id = title.toLowerCase().replaceAll(/\W+/g, "-");
  const border = tone === "danger" ? "border-red-200" : "border-slate-200";
  return (
    <section aria-labelledby={id} className={`rounded-2xl border ${border} bg-white p-6 shadow-sm`}>
      <h2 id={id} className="text-lg font-semibold text-slate-950">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
