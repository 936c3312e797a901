import { createCookie } from "react-router";

// /newsletter-welcome says the subscription is confirmed only to the browser that just confirmed
// one: the confirmation's redirect carries this short-lived cookie. Its path is the site's: the
// page's data, fetched on a client-side navigation, is read at /newsletter-welcome.data.

const confirmedCookie = createCookie("newsletter_confirmed", {
  path: "/",
  maxAge: 10 * 60,
  httpOnly: true,
  sameSite: "lax",
});

/** The Set-Cookie header of a confirmation that worked. */
export function confirmedCookieHeader(appUrl: string): Promise<string> {
  return confirmedCookie.serialize(true, { secure: appUrl.startsWith("https:") });
}

/** Whether the request comes from a browser that confirmed a subscription a moment ago. */
export async function hasJustConfirmed(request: Request): Promise<boolean> {
  return (await confirmedCookie.parse(request.headers.get("Cookie"))) === true;
}
