import { data } from "react-router";

// Any path no other route claims: the root error boundary renders the helpful 404 page.
export function loader() {
  throw data("Page not found", { status: 404 });
}

export default function NotFound() {
  return null;
}
