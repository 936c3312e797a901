import { useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useOutsidePress } from "../use-outside-press";

const NAV_LINKS = [
  { to: "/ai-tools", label: "Browse Tools" },
  { to: "/newsletter", label: "Newsletter" },
];

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "text-brand-700" : "text-slate-700 hover:text-slate-950"}`;

function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 font-semibold text-slate-950">
      <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
      <span>
        Business AI Tools<span className="sr-only"> Directory home</span>
      </span>
    </Link>
  );
}

interface SiteHeaderProps {
  /** The account controls (sign in / sign up, or my account / sign out), laid out inline or stacked. */
  accountActions: (layout: "inline" | "stacked") => React.ReactNode;
}

export function SiteHeader({ accountActions }: SiteHeaderProps) {
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on: any navigation closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const isMenuOpen = menuOpenOn === pathname;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeMenu = () => setMenuOpenOn(null);
  const headerRef = useRef<HTMLElement>(null);
  // A tap on the page closes the open menu; a swipe that scrolls the page leaves it open.
  useOutsidePress({
    isActive: isMenuOpen,
    isOutside: (target) => !(target instanceof Node && headerRef.current?.contains(target)),
    onOutsidePress: closeMenu,
  });

  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur"
      onKeyDown={(event) => {
        // An open dialog handles its own Escape.
        const isInDialog = (event.target as Element).closest("dialog") !== null;
        if (event.key === "Escape" && isMenuOpen && !isInDialog) {
          closeMenu();
          toggleRef.current?.focus();
        }
      }}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
          <div className="ml-2 flex items-center gap-1">{accountActions("inline")}</div>
        </nav>
        <button
          type="button"
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded={isMenuOpen}
          aria-controls="mobile-menu"
          ref={toggleRef}
          onClick={() => setMenuOpenOn(isMenuOpen ? null : pathname)}
        >
          <span className="sr-only">{isMenuOpen ? "Close menu" : "Open menu"}</span>
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
          >
            {isMenuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>
      <nav
        id="mobile-menu"
        aria-label="Mobile"
        hidden={!isMenuOpen}
        className="border-t border-slate-200 bg-white px-4 pb-4 md:hidden"
      >
        {/* A button here opens a dialog or signs out: the menu makes way. */}
        <ul
          className="flex flex-col gap-1 pt-2"
          onClickCapture={(event) => {
            if ((event.target as HTMLElement).closest("button")) closeMenu();
          }}
        >
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                onClick={closeMenu}
                className={(state) => `block ${navLinkClass(state)}`}
              >
                {link.label}
              </NavLink>
            </li>
          ))}
          {accountActions("stacked")}
        </ul>
      </nav>
    </header>
  );
}
