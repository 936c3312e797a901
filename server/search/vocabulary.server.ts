// Lookups in an index's sorted vocabulary.

/** The position of the first word not before `word` in the sorted vocabulary. */
function lowerBound(words: readonly string[], word: string): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (words[middle]! < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The range [from, to) of the sorted vocabulary that begins with `prefix`. */
export function prefixRange(words: readonly string[], prefix: string): [number, number] {
  const from = lowerBound(words, prefix);
  let to = from;
  while (to < words.length && words[to]!.startsWith(prefix)) to++;
  return [from, to];
}

/** Whether some word of the sorted vocabulary equals or begins with `prefix`. */
export function beginsSomeWord(words: readonly string[], prefix: string): boolean {
  return words[lowerBound(words, prefix)]?.startsWith(prefix) === true;
}

/** The position of `word` in the sorted vocabulary, or -1 when no document has it. */
function positionOf(words: readonly string[], word: string): number {
  const position = lowerBound(words, word);
  return words[position] === word ? position : -1;
}

/** How many documents have exactly `word` (postings of word i: start[i] to start[i + 1]). */
export function documentFrequency(
  index: { readonly words: readonly string[]; readonly start: Uint32Array },
  word: string,
): number {
  const position = positionOf(index.words, word);
  return position < 0 ? 0 : index.start[position + 1]! - index.start[position]!;
}

/**
 * How many documents have a word beginning with `prefix`, a document counted once per word it
 * has: an upper bound of the documents a query word finds as a beginning.
 */
export function prefixFrequency(
  index: { readonly words: readonly string[]; readonly start: Uint32Array },
  prefix: string,
): number {
  const from = lowerBound(index.words, prefix);
  const to = lowerBound(index.words, `${prefix}\uffff`);
  return index.start[to]! - index.start[from]!;
}
