import type { Fact } from "./buyer-facts";

// Where a fact came from and when it was last confirmed, in words: "From the vendor’s security
// page, checked 2 Dec 2026". The date is the fact's day (YYYY-MM-DD, a day in UTC) and the page
// shows it in the reader's format (LocalDate), so the words here stop before it.

/** What the evidence page is, by the words of its address. */
const PAGE_KINDS: readonly (readonly [RegExp, string])[] = [
  [/subprocessor/, "subprocessor list"],
  [/security/, "security page"],
  [/trust/, "trust page"],
  [/privacy|gdpr|dpa/, "privacy page"],
  [/pricing|plans/, "pricing page"],
  [/integration|marketplace|apps/, "integrations page"],
  [/developer|api/, "developer docs"],
  [/docs|documentation|help/, "documentation"],
  [/download/, "downloads page"],
  [/legal|terms/, "legal page"],
];

const hostOf = (url: string) => {
  try {
    return new URL(url).host.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
};

/**
 * The evidence page as words: "the vendor’s security page" when it is on the tool's own site (or
 * a subdomain of it), else the site it is on ("trust.example.org").
 */
function pageWords(evidenceUrl: string, toolWebsite: string | null): string {
  const host = hostOf(evidenceUrl);
  const toolHost = toolWebsite ? hostOf(toolWebsite) : null;
  if (!host) return "the vendor’s website";
  if (toolHost && host !== toolHost && !host.endsWith(`.${toolHost}`)) return host;
  // The page's own words: its subdomain of the tool's site ("trust.") and its path.
  const subdomain = toolHost ? host.slice(0, -toolHost.length) : "";
  const words = `${subdomain}${new URL(evidenceUrl).pathname.toLowerCase()}`;
  const kind = PAGE_KINDS.find(([pattern]) => pattern.test(words))?.[1] ?? "website";
  return `the vendor’s ${kind}`;
}

/**
 * The words before the fact's date: "From the vendor’s security page, checked", "Checked by our
 * editors,", "Demo data, checked".
 */
export function factSourceLead(
  fact: Pick<Fact<unknown>, "source" | "evidenceUrl">,
  toolWebsite: string | null,
): string {
  const page = fact.evidenceUrl ? pageWords(fact.evidenceUrl, toolWebsite) : null;
  switch (fact.source) {
    case "vendor":
      return page ? `From ${page}, checked` : "Stated by the vendor, checked";
    case "editor":
      return "Checked by our editors,";
    case "ai":
      return page ? `Drafted from ${page}, checked` : "Drafted by AI, checked";
    case "import":
      return "Imported, checked";
    case "demo":
      return "Demo data, checked";
  }
}
