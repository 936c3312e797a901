import { normaliseAddress, readAddressList } from "~/lib/ai-draft";

// A pasted line that gives no address to draft is named in the form, with why, before anything
// is sent: nothing is dropped without a word.

export interface SkippedLine {
  /** 1-based, as an editor counts lines. */
  line: number;
  text: string;
  reason: string;
}

export const NOT_AN_ADDRESS = "It is not a web address (such as example.com), so it is left out.";

/** A first line of column names ("url", "name,url"): a file's header, skipped without a word. */
const HEADER_WORD =
  /^["']?(urls?|address(es)?|websites?|web ?sites?|links?|sites?|domains?|name)["']?$/i;

function isHeader(text: string): boolean {
  return text.split(/[,;\t]/).every((cell) => HEADER_WORD.test(cell.trim()));
}

/**
 * The lines of the box that queue nothing: no address in them, or an address that will be
 * refused (with the refusal's words). Blank lines and a first-line header are not named.
 */
export function findSkippedLines(text: string): SkippedLine[] {
  const skipped: SkippedLine[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    const addresses = readAddressList(line);
    if (addresses.length === 0) {
      if (index === 0 && isHeader(line)) return;
      skipped.push({ line: index + 1, text: line, reason: NOT_AN_ADDRESS });
      return;
    }
    for (const address of addresses) {
      const normalised = normaliseAddress(address);
      if (!normalised.ok) {
        skipped.push({ line: index + 1, text: address, reason: normalised.message });
      }
    }
  });
  return skipped;
}
