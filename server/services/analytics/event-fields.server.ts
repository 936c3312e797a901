import { withoutRefusedCharacters } from "~/lib/plain-text";
import { scrubSecrets } from "./error-reports.server";

// What the server keeps of a page's address and its referrer (docs/analytics.md): the path and
// its campaign parameters, scrubbed of emails and tokens, and an outside referrer's host. Nothing
// else of either is stored.

/** The query parameters kept in a stored path: campaign tags, which name no person. */
const CAMPAIGN_PARAMETERS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
] as const;

const MAX_CAMPAIGN_VALUE_LENGTH = 200;

interface KeptPath {
  /** The pathname and, when any were sent, its utm_* parameters. */
  path: string;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

/**
 * A path as the browser sent it ("/a?b#c"), without its fragment or any non-campaign parameter,
 * emails and tokens in its pathname and campaign values replaced.
 */
export function keptPathOf(sent: string): KeptPath {
  const withoutFragment = sent.split("#", 1)[0]!;
  const queryStart = withoutFragment.indexOf("?");
  const pathname = scrubSecrets(
    queryStart === -1 ? withoutFragment : withoutFragment.slice(0, queryStart),
  );
  const sentParams = new URLSearchParams(
    queryStart === -1 ? "" : withoutFragment.slice(queryStart),
  );
  const kept = new URLSearchParams();
  for (const name of CAMPAIGN_PARAMETERS) {
    // A decoded value ("utm_source=%00x") may hold what PostgreSQL text cannot store (U+0000) or
    // what nobody types: such characters are dropped, and a value left empty drops its parameter.
    const sentValue = withoutRefusedCharacters(sentParams.get(name) ?? "").trim();
    const value = sentValue && scrubSecrets(sentValue).slice(0, MAX_CAMPAIGN_VALUE_LENGTH);
    if (value) kept.set(name, value);
  }
  const query = kept.toString();
  return {
    path: query ? `${pathname}?${query}` : pathname,
    utmSource: kept.get("utm_source"),
    utmMedium: kept.get("utm_medium"),
    utmCampaign: kept.get("utm_campaign"),
  };
}

/**
 * The host of a referrer on another site, lower-cased, or null: our own pages (APP_URL's host),
 * addresses that are not http(s) and text that is no address are not referrers worth counting.
 */
export function referrerHostOf(referrer: string | undefined, appHostname: string): string | null {
  if (!referrer) return null;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const host = url.hostname.toLowerCase();
  if (!host || host === appHostname.toLowerCase()) return null;
  return host;
}
