import { useNavigate } from "react-router";

type Click = Pick<
  MouseEvent,
  "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey" | "defaultPrevented"
>;
type Anchor = Pick<HTMLAnchorElement, "target" | "origin" | "pathname" | "search" | "hash"> & {
  hasAttribute(name: string): boolean;
};

/**
 * Where in the app a click on a link should take the page, or null when the click is the
 * browser's to handle, as a router Link decides: another button or a modifier key (a new tab or
 * window), another target, a download, another site.
 */
export function appPathOfClick(click: Click, link: Anchor, origin: string): string | null {
  if (
    click.defaultPrevented ||
    click.button !== 0 ||
    click.metaKey ||
    click.altKey ||
    click.ctrlKey ||
    click.shiftKey ||
    (link.target !== "" && link.target !== "_self") ||
    link.hasAttribute("download") ||
    link.origin !== origin
  ) {
    return null;
  }
  return `${link.pathname}${link.search}${link.hash}`;
}

/**
 * Client-side navigation for a list of plain links, through one click handler on the list: what
 * a router Link does for each click, without a Link's cost in each of dozens of chips. Going to
 * the current address replaces it, as a Link does. The links carry `data-discover`, so the router
 * learns their routes ahead, as for a Link.
 */
export function useListNavigation() {
  const navigate = useNavigate();
  return (event: React.MouseEvent<HTMLElement>) => {
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    const to = link && appPathOfClick(event, link, window.location.origin);
    if (!to) return;
    event.preventDefault();
    const { pathname, search, hash } = window.location;
    void navigate(to, { replace: to === `${pathname}${search}${hash}` });
  };
}
