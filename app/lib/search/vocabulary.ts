// Lookups in an index's sorted vocabulary.

/** The range [from, to) of the sorted vocabulary that begins with `prefix`. */
export function prefixRange(words: readonly string[], prefix: string): [number, number] {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (words[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  let to = low;
  while (to < words.length && words[to]!.startsWith(prefix)) to++;
  return [low, to];
}

/** The position of `word` in the sorted vocabulary, or -1 when no document has it. */
export function positionOf(words: readonly string[], word: string): number {
  const [from] = prefixRange(words, word);
  return words[from] === word ? from : -1;
}
