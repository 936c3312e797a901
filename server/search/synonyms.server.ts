// Business terms a person may type as an abbreviation or in other words. Each group's entries
// mean the same, in both directions; an entry is a word or a phrase, written as queryTokens gives
// it (lower-case, words of 2+ letters, one space between them). Kept short on purpose: an entry
// with another everyday meaning (like "ai" or "pr") would bring in tools nobody asked for.
// British spellings are not listed: planQuery adds them as forms of the American ones.

export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ["cv", "resume", "curriculum vitae"],
  ["hr", "human resources"],
  ["ats", "applicant tracking"],
  ["crm", "customer relationship management"],
  ["erp", "enterprise resource planning"],
  ["seo", "search engine optimization"],
  ["ppc", "pay per click"],
  ["ocr", "optical character recognition", "text recognition"],
  ["idp", "intelligent document processing"],
  ["llm", "large language model"],
  ["nlp", "natural language processing"],
  ["tts", "text to speech"],
  ["stt", "speech to text"],
  ["kpi", "key performance indicator"],
  ["roi", "return on investment"],
  ["ux", "user experience"],
  ["cx", "customer experience"],
  ["bi", "business intelligence"],
  ["faq", "frequently asked questions"],
  ["cms", "content management system"],
  ["b2b", "business to business"],
  ["b2c", "business to consumer"],
];

/** Each entry's words, and the words of the other entries of its group. */
const OTHERS = new Map<string, readonly (readonly string[])[]>();
for (const group of SYNONYM_GROUPS) {
  for (const entry of group) {
    OTHERS.set(
      entry,
      group.filter((other) => other !== entry).map((other) => other.split(" ")),
    );
  }
}

/** The other entries of the group of `entry` (words joined by one space), each as its words. */
export function synonymsOf(entry: string): readonly (readonly string[])[] {
  return OTHERS.get(entry) ?? [];
}

/** The number of words of the longest entry: a query is looked up in runs of at most this many. */
export const LONGEST_SYNONYM = Math.max(
  ...SYNONYM_GROUPS.flat().map((entry) => entry.split(" ").length),
);
