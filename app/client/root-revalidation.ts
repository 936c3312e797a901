import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * A browse filter or search changes only the query of the page being read: who is signed in and
 * what they like did not change (the live stream keeps the hearts), so the root's reads are not
 * repeated on every filter click. Any other navigation, a form and revalidate() read them again.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const isQueryOnly =
    currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
  return isQueryOnly && !formMethod ? false : defaultShouldRevalidate;
}
