import { AI_DRAFT_LIMITS, type EvidenceTopic } from "~/lib/ai-draft";
import type { PageFacts } from "./draft-types.server";

// Which of the tool's own pages a draft reads for its buyer facts and plans: at most one page per
// topic (pricing, security, integrations, privacy), on the same site as the fetched page, linked
// from it, chosen by the link's path or words.

const TOPIC_WORDS: Record<EvidenceTopic, RegExp> = {
  pricing: /pric|plans?\b|tarif|preise/i,
  security: /secur|trust|complian|soc-?2|certif/i,
  integrations: /integrat|\bapps\b|marketplace|connectors?\b/i,
  privacy: /privacy|gdpr|\bdpa\b|data-?processing|sub-?processors?/i,
};

/** The order pages are read in: pricing and security first, the privacy policy last. */
const TOPIC_ORDER: EvidenceTopic[] = ["pricing", "security", "integrations", "privacy"];

/** Whether a link's path or words name any topic (the reader keeps only such links). */
export function namesEvidenceTopic(url: URL, text: string): boolean {
  return topicOf(url, text) !== null;
}

function topicOf(url: URL, text: string): EvidenceTopic | null {
  const path = decodeURIComponent(url.pathname).replace(/[-_/]+/g, " ");
  return (
    TOPIC_ORDER.find((topic) => TOPIC_WORDS[topic].test(path)) ??
    TOPIC_ORDER.find((topic) => TOPIC_WORDS[topic].test(text)) ??
    null
  );
}

/**
 * Hosts where every customer has a subdomain: there, only the page's own host (and its
 * subdomains) is the same site.
 */
const SHARED_HOSTS =
  /(^|\.)(github\.io|gitlab\.io|vercel\.app|netlify\.app|pages\.dev|workers\.dev|herokuapp\.com|web\.app|firebaseapp\.com|azurewebsites\.net|cloudfront\.net|amazonaws\.com|blogspot\.com|wordpress\.com|webflow\.io|framer\.website|framer\.app|notion\.site|wixsite\.com|squarespace\.com|substack\.com|carrd\.co|glitch\.me|onrender\.com|fly\.dev|replit\.app)$/;

/** Second-level labels under a country code that are suffixes, not sites (co.uk, com.au). */
const COUNTRY_SECOND_LEVEL = /^(co|com|org|net|ac|gov|edu|ne|or)$/;

function isIpLiteral(hostname: string): boolean {
  return hostname.startsWith("[") || /^\d+(\.\d+){3}$/.test(hostname);
}

/** The registrable part of a host, approximated without the public suffix list. */
function registrableHost(hostname: string): string {
  const labels = hostname.replace(/^www\./, "").split(".");
  if (isIpLiteral(hostname) || labels.length <= 2) return labels.join(".");
  const last = labels.at(-1)!;
  const second = labels.at(-2)!;
  const take = last.length === 2 && COUNTRY_SECOND_LEVEL.test(second) ? 3 : 2;
  return labels.slice(-take).join(".");
}

/**
 * The same site: the same host (with or without www), or a host under the same registrable
 * domain (trust.example.com for www.example.com), on the same port. On shared hosts and IP
 * addresses only the page's own host and its subdomains count.
 */
export function isSameSite(pageUrl: string, linkUrl: string): boolean {
  const page = new URL(pageUrl);
  const link = new URL(linkUrl);
  if (page.port !== link.port) return false;
  const pageHost = page.hostname.toLowerCase().replace(/^www\./, "");
  const linkHost = link.hostname.toLowerCase().replace(/^www\./, "");
  if (linkHost === pageHost || linkHost.endsWith(`.${pageHost}`)) return true;
  if (isIpLiteral(pageHost) || SHARED_HOSTS.test(pageHost)) return false;
  const site = registrableHost(pageHost);
  return linkHost === site || linkHost.endsWith(`.${site}`);
}

export interface EvidenceLink {
  url: string;
  topic: EvidenceTopic;
}

function withoutHash(address: string): string {
  const url = new URL(address);
  url.hash = "";
  return url.toString();
}

/**
 * The pages to read, at most AI_DRAFT_LIMITS.evidencePages, one per topic: the page's pricing
 * link first, then the first same-site link of each topic. Never the page itself.
 */
export function chooseEvidencePages(facts: PageFacts): EvidenceLink[] {
  const here = withoutHash(facts.url);
  const chosen = new Map<EvidenceTopic, string>();
  const taken = new Set([here]);
  const take = (topic: EvidenceTopic, address: string) => {
    const url = withoutHash(address);
    if (chosen.has(topic) || taken.has(url) || !isSameSite(facts.url, url)) return;
    chosen.set(topic, url);
    taken.add(url);
  };
  if (facts.pricingUrl) take("pricing", facts.pricingUrl);
  for (const link of facts.links) {
    const topic = topicOf(new URL(link.url), link.text);
    if (topic) take(topic, link.url);
  }
  return TOPIC_ORDER.filter((topic) => chosen.has(topic))
    .map((topic) => ({ topic, url: chosen.get(topic)! }))
    .slice(0, AI_DRAFT_LIMITS.evidencePages);
}
