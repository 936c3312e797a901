import { useState } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { Dialog } from "~/components/dialog";
import { ErrorBox } from "~/components/form-controls";
import { LocalDate } from "~/components/local-date";
import { useToast } from "~/components/toast";
import { ADMIN_SORTS, type AdminToolList } from "~/lib/admin-tools-query";
import { PRICING_MODELS, TOOL_STATUSES, type ToolStatus } from "~/lib/constants";
import { deleteTools, setToolsStatus } from "~/client/api/admin-client";
import { useApiWrite } from "~/client/api/use-api-write";
import { formatCount } from "~/lib/tool";

const SORT_LABELS: Record<(typeof ADMIN_SORTS)[number], string> = {
  created: "Newest",
  name: "Name",
  likes: "Most liked",
  views: "Most viewed",
  rating: "Rating",
};

const STATUS_STYLES: Record<ToolStatus, string> = {
  online: "bg-green-100 text-green-800",
  draft: "bg-amber-100 text-amber-900",
  offline: "bg-slate-200 text-slate-700",
};

const ACTION_TOAST_MS = 3000;

const toolCount = (count: number) => `${count} ${count === 1 ? "tool" : "tools"}`;

/** Every tool whatever its status, with filters, paging and bulk changes. */
export function AdminToolListPage({ list }: { list: AdminToolList }) {
  const [searchParams] = useSearchParams();
  const toast = useToast();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  const statusWrite = useApiWrite(setToolsStatus);
  const deleteWrite = useApiWrite(deleteTools);
  const isBusy = statusWrite.isPending || deleteWrite.isPending;
  const error = (statusWrite.error ?? deleteWrite.error)?.message;

  const pageIds = list.tools.map((tool) => tool.id);
  const chosen = pageIds.filter((id) => selected.has(id));
  const allChosen = chosen.length === pageIds.length && pageIds.length > 0;

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const setStatus = async (status: ToolStatus) => {
    deleteWrite.clearError();
    const result = await statusWrite.run({ ids: chosen, status });
    if (!result?.ok) return;
    setSelected(new Set());
    toast({
      message: `${toolCount(result.data.changed)} set to ${status}.`,
      durationMs: ACTION_TOAST_MS,
    });
  };
  const remove = async () => {
    statusWrite.clearError();
    const result = await deleteWrite.run({ ids: chosen }, () => setIsDeleteOpen(false));
    if (!result?.ok) return;
    setSelected(new Set());
    toast({ message: `${toolCount(result.data.deleted)} deleted.`, durationMs: ACTION_TOAST_MS });
  };

  const pageHref = (page: number) => {
    const next = new URLSearchParams(searchParams);
    next.set("page", String(page));
    return `?${next.toString()}`;
  };

  return (
    <section aria-labelledby="admin-tools-title">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 id="admin-tools-title" className="text-2xl font-bold text-slate-950">
          Tools
        </h1>
        <p className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          {TOOL_STATUSES.map((status) => (
            <span key={status}>
              <span className="capitalize">{status}</span>{" "}
              <strong>{list.counts[status].toLocaleString("en-US")}</strong>
            </span>
          ))}
          <span className="flex gap-2">
            Export
            <a
              href="/api/admin/tools/export?format=csv"
              className="font-medium text-brand-700 underline"
            >
              CSV
            </a>
            <a
              href="/api/admin/tools/export?format=json"
              className="font-medium text-brand-700 underline"
            >
              JSON
            </a>
          </span>
        </p>
      </div>

      <Form
        key={searchParams.toString()}
        method="get"
        className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-6"
      >
        <label className="text-sm lg:col-span-2">
          <span className="block font-medium text-slate-800">Search by name</span>
          <input
            type="search"
            name="search"
            defaultValue={searchParams.get("search") ?? ""}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
        <Select label="Category" name="category" options={list.categories} all="All categories" />
        <Select label="Status" name="status" options={TOOL_STATUSES} all="Any status" />
        <Select label="Pricing" name="pricing" options={PRICING_MODELS} all="Any pricing" />
        <label className="text-sm">
          <span className="block font-medium text-slate-800">Sort</span>
          <select
            name="sort"
            defaultValue={searchParams.get("sort") ?? "created"}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          >
            {ADMIN_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </label>
        <div className="flex items-end gap-2 lg:col-span-6">
          <button
            type="submit"
            className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            Apply
          </button>
          <Link
            to="/admin/tools"
            className="px-2 py-2 text-sm font-medium text-brand-700 underline"
          >
            Reset
          </Link>
          <p className="ml-auto text-sm text-slate-600" aria-live="polite">
            {list.total.toLocaleString("en-US")} {list.total === 1 ? "tool" : "tools"} match
          </p>
        </div>
      </Form>

      <div
        role="toolbar"
        aria-label="Change the chosen tools"
        className="sticky top-0 z-10 mt-5 flex flex-wrap items-center gap-2 rounded-xl border border-slate-200 bg-white p-3"
      >
        <span className="mr-2 text-sm text-slate-700" aria-live="polite">
          {chosen.length} chosen
        </span>
        {TOOL_STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            disabled={chosen.length === 0 || isBusy}
            onClick={() => void setStatus(status)}
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-50"
          >
            Set {status}
          </button>
        ))}
        <button
          type="button"
          disabled={chosen.length === 0 || isBusy}
          onClick={() => setIsDeleteOpen(true)}
          className="rounded-lg border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-50"
        >
          Delete
        </button>
      </div>
      {error && (
        <div className="mt-3">
          <ErrorBox>{error}</ErrorBox>
        </div>
      )}

      {list.tools.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 p-6 text-slate-600">
          No tools match these filters.
        </p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="p-3">
                  <input
                    type="checkbox"
                    aria-label="Choose every tool on this page"
                    checked={allChosen}
                    onChange={() =>
                      setSelected(allChosen ? new Set() : new Set([...selected, ...pageIds]))
                    }
                  />
                </th>
                <th scope="col" className="p-3">
                  Name
                </th>
                <th scope="col" className="p-3">
                  Category
                </th>
                <th scope="col" className="p-3">
                  Status
                </th>
                <th scope="col" className="p-3">
                  Pricing
                </th>
                <th scope="col" className="p-3 text-right">
                  Likes
                </th>
                <th scope="col" className="p-3 text-right">
                  Views
                </th>
                <th scope="col" className="p-3 text-right">
                  Rating
                </th>
                <th scope="col" className="p-3">
                  Created
                </th>
              </tr>
            </thead>
            <tbody>
              {list.tools.map((tool) => (
                <tr key={tool.id} className="border-t border-slate-100">
                  <td className="p-3">
                    <input
                      type="checkbox"
                      aria-label={`Choose ${tool.name}`}
                      checked={selected.has(tool.id)}
                      onChange={() => toggle(tool.id)}
                    />
                  </td>
                  <td className="p-3 font-medium">
                    <Link
                      to={`/admin/tools/manual/${tool.id}`}
                      className="text-brand-700 underline"
                    >
                      {tool.name}
                    </Link>
                    {tool.source === "ai" && (
                      <span className="ml-2 rounded bg-violet-100 px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-violet-900">
                        AI-drafted
                      </span>
                    )}
                  </td>
                  <td className="p-3 text-slate-700">
                    {tool.category ?? "—"}
                    {tool.subCategory && (
                      <span className="text-slate-500"> · {tool.subCategory}</span>
                    )}
                  </td>
                  <td className="p-3">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[tool.status]}`}
                    >
                      {tool.status}
                    </span>
                  </td>
                  <td className="p-3 text-slate-700">{tool.pricingModel ?? "Unknown"}</td>
                  <td className="p-3 text-right">{formatCount(tool.likesTotal)}</td>
                  <td className="p-3 text-right">{formatCount(tool.views)}</td>
                  <td className="p-3 text-right">
                    {tool.ratingAvg > 0 ? tool.ratingAvg.toFixed(1) : "Not rated"}
                  </td>
                  <td className="p-3 whitespace-nowrap text-slate-700">
                    <LocalDate value={tool.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
        {list.page > 1 ? (
          <Link to={pageHref(list.page - 1)} className="font-medium text-brand-700 underline">
            Previous
          </Link>
        ) : (
          <span />
        )}
        <span className="text-slate-600">
          Page {list.page} of {list.pages}
        </span>
        {list.page < list.pages ? (
          <Link to={pageHref(list.page + 1)} className="font-medium text-brand-700 underline">
            Next
          </Link>
        ) : (
          <span />
        )}
      </nav>

      <Dialog
        isOpen={isDeleteOpen}
        onClose={() => setIsDeleteOpen(false)}
        title="Delete these tools?"
      >
        {error && (
          <div className="mb-3">
            <ErrorBox>{error}</ErrorBox>
          </div>
        )}
        <p className="text-sm text-slate-700">
          {chosen.length} {chosen.length === 1 ? "tool" : "tools"} and their likes will be removed
          for good. To hide a tool but keep it, set it offline instead.
        </p>
        <div className="mt-5 flex gap-3">
          <button
            type="button"
            onClick={() => setIsDeleteOpen(false)}
            className="flex-1 rounded-lg border border-slate-300 px-4 py-2.5 font-medium"
          >
            Keep them
          </button>
          <button
            type="button"
            disabled={isBusy}
            onClick={() => void remove()}
            className="flex-1 rounded-lg bg-red-700 px-4 py-2.5 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
          >
            Delete for good
          </button>
        </div>
      </Dialog>
    </section>
  );
}

function Select({
  label,
  name,
  options,
  all,
}: {
  label: string;
  name: string;
  options: readonly string[];
  all: string;
}) {
  const [searchParams] = useSearchParams();
  return (
    <label className="text-sm">
      <span className="block font-medium text-slate-800">{label}</span>
      <select
        name={name}
        defaultValue={searchParams.get(name) ?? ""}
        className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
      >
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  );
}
