import { useId } from "react";
import { Link } from "react-router";
import { LocalDate } from "~/components/local-date";
import type { AnalyticsReport } from "~/lib/api/contract";
import { CONSENT_NOTE } from "./metrics";

interface Column<Row> {
  label: string;
  cell: (row: Row) => React.ReactNode;
  numeric?: boolean;
}

const count = (value: number) => value.toLocaleString("en-US");

/**
 * A titled table that scrolls sideways on a narrow screen (a named region, so the keyboard can
 * scroll it), or a line saying why it is empty.
 */
function ReportTable<Row>({
  title,
  intro,
  rows,
  columns,
  rowKey,
  empty,
}: {
  title: string;
  intro?: React.ReactNode;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row, index: number) => string;
  empty: string;
}) {
  const headingId = useId();
  return (
    <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id={headingId} className="font-semibold text-slate-950">
        {title}
      </h3>
      {intro && <p className="mt-1 text-sm text-slate-600">{intro}</p>}
      {rows.length === 0 ? (
        <p className="mt-3 rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          {empty}
        </p>
      ) : (
        <div
          className="mt-3 overflow-x-auto rounded-lg border border-slate-200"
          tabIndex={0}
          role="region"
          aria-labelledby={headingId}
        >
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.label}
                    scope="col"
                    className={`p-2 whitespace-nowrap ${column.numeric ? "text-right" : ""}`}
                  >
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row, index) => (
                <tr key={rowKey(row, index)}>
                  {columns.map((column) => (
                    <td
                      key={column.label}
                      className={`p-2 align-top ${column.numeric ? "text-right tabular-nums" : ""}`}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

type Report = AnalyticsReport;

export function TopToolsTable({ rows }: { rows: Report["topTools"] }) {
  return (
    <ReportTable
      title="Top tools"
      rows={rows}
      rowKey={(row) => row.toolId}
      empty={`No tool was viewed in this range. ${CONSENT_NOTE}`}
      columns={[
        {
          label: "Tool",
          cell: (row) =>
            row.path ? (
              <Link to={row.path} className="font-medium text-brand-700 underline">
                {row.name ?? row.toolId}
              </Link>
            ) : (
              <span>{row.name ?? row.toolId} (no longer listed)</span>
            ),
        },
        { label: "Views", numeric: true, cell: (row) => count(row.views) },
      ]}
    />
  );
}

export function TopSearchesTable({ rows }: { rows: Report["topSearches"] }) {
  return (
    <ReportTable
      title="Top searches"
      rows={rows}
      rowKey={(row) => row.search}
      empty={`Nobody searched in this range. ${CONSENT_NOTE}`}
      columns={[
        { label: "Search", cell: (row) => <span className="break-all">{row.search}</span> },
        { label: "Searches", numeric: true, cell: (row) => count(row.count) },
        {
          label: "Average results",
          numeric: true,
          cell: (row) => row.averageResults.toLocaleString("en-US", { maximumFractionDigits: 1 }),
        },
      ]}
    />
  );
}

export function EmptySearchesTable({ rows }: { rows: Report["emptySearches"] }) {
  return (
    <ReportTable
      title="Searches with no results"
      intro={
        <>
          People looked for these and found nothing: they are worth adding tools for.{" "}
          <Link to="/admin/tools/manual" className="font-medium text-brand-700 underline">
            Add a tool
          </Link>
        </>
      }
      rows={rows}
      rowKey={(row) => row.search}
      empty={`Every search in this range found something. ${CONSENT_NOTE}`}
      columns={[
        { label: "Search", cell: (row) => <span className="break-all">{row.search}</span> },
        { label: "Searches", numeric: true, cell: (row) => count(row.count) },
      ]}
    />
  );
}

export function ReferrersTable({ rows }: { rows: Report["referrers"] }) {
  return (
    <ReportTable
      title="Referrers"
      rows={rows}
      rowKey={(row) => row.host}
      empty={`No visit came from another site in this range. ${CONSENT_NOTE}`}
      columns={[
        { label: "Site", cell: (row) => <span className="break-all">{row.host}</span> },
        { label: "Visits", numeric: true, cell: (row) => count(row.count) },
      ]}
    />
  );
}

export function CampaignsTable({ rows }: { rows: Report["campaigns"] }) {
  return (
    <ReportTable
      title="Campaigns"
      intro="Visits whose address carried utm_* parameters."
      rows={rows}
      rowKey={(row) => `${row.source}\n${row.medium}\n${row.campaign}`}
      empty={`No visit came from a campaign link in this range. ${CONSENT_NOTE}`}
      columns={[
        { label: "Source", cell: (row) => row.source },
        { label: "Medium", cell: (row) => row.medium ?? "-" },
        { label: "Campaign", cell: (row) => row.campaign ?? "-" },
        { label: "Visits", numeric: true, cell: (row) => count(row.count) },
      ]}
    />
  );
}

export function ErrorsTable({ rows }: { rows: Report["errors"] }) {
  return (
    <ReportTable
      title="Errors by group"
      intro="Errors in the browser and on the server, counted with or without consent, grouped by message and top stack frame."
      rows={rows}
      rowKey={(row) => row.fingerprint}
      empty="No error was reported in this range."
      columns={[
        {
          label: "Message",
          cell: (row) => <span className="block max-w-md break-words">{row.message}</span>,
        },
        {
          label: "Top frame",
          cell: (row) => (
            <code className="block max-w-xs text-xs break-all">{row.topFrame ?? "-"}</code>
          ),
        },
        { label: "Source", cell: (row) => `${row.source} (${row.name})` },
        { label: "In range", numeric: true, cell: (row) => count(row.count) },
        { label: "Total", numeric: true, cell: (row) => count(row.totalCount) },
        {
          label: "Last seen",
          cell: (row) => (
            <LocalDate value={row.lastSeenAt} withTime className="whitespace-nowrap" />
          ),
        },
        {
          label: "Last path",
          cell: (row) => <span className="break-all">{row.lastPath ?? "-"}</span>,
        },
      ]}
    />
  );
}
