import type { FetchedPage } from "#server/net/guarded-fetch.server";
import { DraftFailure, type PageFacts } from "./draft-types.server";
import { decodePage } from "./read-page.server";

// A page that is a bot check, needs JavaScript or has no text is a named failure,
// never something to summarise. The checks look for what the walls themselves say, and only on
// pages with little text, so an ordinary page that mentions a captcha is read as usual.

/** Below this much visible text a page may be a wall; above it, it is a page. */
const LITTLE_TEXT = 600;

const CHALLENGE_TITLE =
  /^(just a moment|attention required|checking your browser|please wait|one more step|ddos-guard|access denied|sucuri website firewall|human verification|verify you are human|are you a robot|security check)/i;

const CHALLENGE_WORDS = [
  /enable javascript and cookies to continue/i,
  /checking (if the site connection is secure|your browser before accessing)/i,
  /ddos protection by|ddos-guard/i,
  /sucuri website firewall|access denied - sucuri/i,
  /press (&|and) hold/i,
  /verify (that )?you are (a )?human/i,
  /please complete the security check/i,
  /request unsuccessful\. incapsula/i,
];

const CHALLENGE_MARKUP = [
  /\/cdn-cgi\/challenge-platform\//i,
  /window\._cf_chl_opt/i,
  /ddos-guard\.net\/|__ddg_/i,
  /captcha\.px-cdn\.net|px-captcha|_pxappid/i,
  /awswaf|aws-waf-token|token\.awswaf\.com/i,
  /sucuri\.net\/.*(cloudproxy|firewall)/i,
];

const CAPTCHA_MARKUP =
  /class=["'][^"']*\b(g-recaptcha|h-captcha)\b|hcaptcha\.com\/1\/api|google\.com\/recaptcha/i;

const APP_ROOT =
  /<(div|main|section)\b[^>]*\bid=["'](root|app|__next|__nuxt|svelte|react-root|main-app|application)["'][^>]*>\s*<\/\1>|<app-root[^>]*>\s*<\/app-root>/i;

const NOSCRIPT_NEEDS_JS =
  /<noscript[^>]*>[\s\S]*?(enable javascript|javascript is (required|disabled)|requires javascript|need javascript|turn on javascript)[\s\S]*?<\/noscript>/i;

export function assertReadablePage(page: FetchedPage, facts: PageFacts): void {
  const html = decodePage(page);
  const text = facts.text;
  const little = text.length < LITTLE_TEXT;
  const title = facts.title ?? "";

  if (page.headers["cf-mitigated"]?.toLowerCase() === "challenge") {
    throw new DraftFailure("bot_challenge", "Cloudflare answered with a challenge.");
  }
  if (little) {
    const seen = `${title}\n${text}`;
    if (
      CHALLENGE_TITLE.test(title) ||
      CHALLENGE_WORDS.some((words) => words.test(seen)) ||
      CHALLENGE_MARKUP.some((markup) => markup.test(html)) ||
      (CAPTCHA_MARKUP.test(html) && (text.length < 300 || page.status >= 400))
    ) {
      throw new DraftFailure("bot_challenge");
    }
  }
  if (
    little &&
    page.status >= 400 &&
    Object.keys(page.headers).some((name) =>
      /^x-(sucuri-block|datadome|amzn-waf-action)/.test(name),
    )
  ) {
    throw new DraftFailure("bot_challenge");
  }

  if (text.length < 200) {
    const hasScript = /<script\b/i.test(html);
    if (NOSCRIPT_NEEDS_JS.test(html) || (hasScript && APP_ROOT.test(html))) {
      throw new DraftFailure("needs_javascript");
    }
  }

  const hasWords =
    text.trim().length > 0 ||
    facts.headings.length > 0 ||
    Boolean(facts.meta.description || facts.meta["og:description"]) ||
    facts.jsonLd.some((thing) => thing.name || thing.description);
  if (!hasWords) throw new DraftFailure("empty_page");
}
