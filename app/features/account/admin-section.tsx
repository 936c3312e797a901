import { Link } from "react-router";
import { Panel } from "./panel";

const linkClass = "font-medium text-brand-700 underline hover:text-brand-800";

/** An admin's way into the admin area from /account. */
export function AdminSection() {
  return (
    <Panel title="Admin">
      <p className="text-slate-700">You hold the admin role.</p>
      <ul className="mt-3 space-y-2">
        <li>
          <Link to="/admin/tools" className={linkClass}>
            Manage the tool catalogue
          </Link>
        </li>
        <li>
          <Link to="/admin/analytics" className={linkClass}>
            See the analytics
          </Link>
        </li>
      </ul>
    </Panel>
  );
}
