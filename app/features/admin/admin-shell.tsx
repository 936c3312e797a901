import { NavLink, Outlet } from "react-router";
import { Spinner } from "~/components/form-controls";

const LINKS = [
  { to: "/admin/tools", label: "Tools", end: true },
  { to: "/admin/tools/manual", label: "Add manually", end: true },
  { to: "/admin/tools/import", label: "Import", end: true },
  { to: "/admin/tools/ai", label: "AI-assisted add", end: true },
  { to: "/admin/comments", label: "Comments", end: true },
  { to: "/admin/migrate-comments", label: "Comment migration", end: true },
  { to: "/admin/analytics", label: "Analytics", end: true },
];

/** The admin area's frame: its navigation and the page. */
export function AdminShell({ email }: { email: string }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Admin</p>
        <p className="text-sm text-slate-600">Signed in as {email}</p>
      </div>
      <nav aria-label="Admin" className="mt-3 border-b border-slate-200">
        <ul className="-mb-px flex gap-1 overflow-x-auto whitespace-nowrap">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end}
                className={({ isActive }) =>
                  `inline-block border-b-2 px-3 py-2 text-sm font-medium ${isActive ? "border-brand-700 text-brand-800" : "border-transparent text-slate-600 hover:text-slate-900"}`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="py-8">
        <Outlet />
      </div>
    </div>
  );
}

/** Admin guard: shown while the admin role is being checked. */
export function AdminCheck() {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-24 text-slate-700">
      <Spinner className="size-6 text-brand-700" />
      Checking your access...
    </div>
  );
}
