import { Link } from "react-router";
import { CONTACT_EMAIL } from "~/lib/constants";
import { SUPPORT_PATH } from "~/lib/paths";

interface SiteFooterProps {
  /** The opener for the analytics consent preferences. */
  consentPreferences: React.ReactNode;
}

const FOOTER_LINKS = [
  { to: SUPPORT_PATH, label: "Implementation support" },
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/terms-of-service", label: "Terms of Service" },
  { to: "/disclaimer", label: "Disclaimer" },
];

export function SiteFooter({ consentPreferences }: SiteFooterProps) {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-start md:justify-between">
        <div className="max-w-sm">
          <p className="font-semibold text-slate-950">Business AI Tools Directory</p>
          <p className="mt-2 text-sm text-slate-600">
            Find, compare and shortlist AI tools for your business, with honest descriptions and
            real pricing.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-col gap-2 text-sm sm:flex-row sm:flex-wrap sm:gap-x-6">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-block py-1.5 text-slate-700 hover:text-slate-950 hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
            <li>{consentPreferences}</li>
            <li>
              <a
                href={`mailto:${CONTACT_EMAIL}`}
                className="inline-block py-1.5 text-slate-700 hover:text-slate-950 hover:underline"
              >
                Contact us
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-100 px-4 py-4 text-center text-sm text-slate-600">
        © {new Date().getFullYear()} Business AI Tools Directory. All rights reserved.
      </p>
    </footer>
  );
}
