import { MAX_WORD_LENGTH } from "./tokenize.server";

// Typo matches in a sorted vocabulary. A query word matches a word within `maxEdits` typos when
// some beginning of the word is that few edits away from it (insert, delete or substitute one
// character, or swap two neighbouring ones: optimal string alignment, as typoDistance), so a typo
// in a word someone is still typing counts the same as in a whole word.
//
// The sorted vocabulary is walked as a trie: each row of the edit-distance table belongs to one
// beginning of a word, so consecutive words share the rows of their common beginning, and once
// a row is out of reach (row minimums never decrease) the words with that beginning are decided
// together, without reading them.
//
// Row minimums still never decrease with the swap. A cell of row d + 1 comes from row d (a
// substitution or a deletion, at least row d's minimum), from its left neighbour (an insertion;
// by induction along the row, starting from the first cell, d + 1), or from a swap, row d - 1 at
// column i - 2 plus one. That swap cannot beat row d: the substitution path from row d - 1,
// column i - 2 to row d, column i - 1 costs at most one, so row d's cell there is at most the
// swap's cost, and the swap is at least row d's minimum too. So once a row's minimum is past
// maxEdits, no longer beginning comes back within reach.

/**
 * Calls `visit` with each word of words[from .. to) (sorted) that is within `maxEdits` typos of
 * `query`, and its number of typos, in vocabulary order.
 */
export function forEachWordWithinTypos(
  words: readonly string[],
  from: number,
  to: number,
  query: string,
  maxEdits: number,
  visit: (word: number, typos: number) => void,
): void {
  if (query.length > MAX_WORD_LENGTH) {
    throw new RangeError("query word longer than MAX_WORD_LENGTH");
  }
  const n = query.length;
  const over = maxEdits + 1;
  // Deeper rows cannot help: a beginning longer than n + maxEdits is too far from the query.
  const maxDepth = Math.min(MAX_WORD_LENGTH, n + maxEdits);
  const width = n + 1;
  const rows = new Int32Array((maxDepth + 1) * width);
  /** The least typos over the beginnings of the current word up to each depth. */
  const bestUpTo = new Int32Array(maxDepth + 1);
  for (let i = 0; i <= n; i++) rows[i] = Math.min(i, over);
  bestUpTo[0] = rows[n]!;

  let previous = "";
  let valid = 0;
  for (let index = from; index < to;) {
    const word = words[index]!;
    const depth = Math.min(word.length, maxDepth);
    let d = Math.min(commonPrefixLength(previous, word), valid);
    previous = word;
    let isOutOfReach = false;
    while (d < depth) {
      const unit = word.charCodeAt(d);
      // The letter before, for a swap; -1 (no letter) on the first row.
      const before = d > 0 ? word.charCodeAt(d - 1) : -1;
      const twoAbove = (d - 1) * width;
      const above = d * width;
      const row = above + width;
      d++;
      let rowMin = Math.min(d, over);
      rows[row] = rowMin;
      // Only the band of columns within maxEdits of the diagonal can be in reach: the cell of
      // column i is at least |d - i|. The cells just outside it, which the next row reads, are
      // out of reach.
      const low = Math.max(1, d - maxEdits);
      const high = Math.min(n, d + maxEdits);
      if (low > 1) rows[row + low - 1] = over;
      if (high < n) rows[row + high + 1] = over;
      let queryBefore = low > 1 ? query.charCodeAt(low - 2) : -1;
      for (let i = low; i <= high; i++) {
        const queryUnit = query.charCodeAt(i - 1);
        const substitute = rows[above + i - 1]! + (queryUnit === unit ? 0 : 1);
        let cell = Math.min(substitute, rows[above + i]! + 1, rows[row + i - 1]! + 1, over);
        if (queryUnit === before && queryBefore === unit) {
          cell = Math.min(cell, rows[twoAbove + i - 2]! + 1);
        }
        rows[row + i] = cell;
        if (cell < rowMin) rowMin = cell;
        queryBefore = queryUnit;
      }
      bestUpTo[d] = Math.min(bestUpTo[d - 1]!, high === n ? rows[row + n]! : over);
      if (rowMin > maxEdits) {
        isOutOfReach = true;
        break;
      }
    }
    valid = d;
    if (isOutOfReach) {
      // Every word with this beginning is as near as its shorter beginnings make it, no nearer.
      const end = endOfPrefix(words, index, to, word, d);
      if (bestUpTo[d]! <= maxEdits) for (; index < end; index++) visit(index, bestUpTo[d]!);
      index = end;
      continue;
    }
    if (bestUpTo[d]! <= maxEdits) visit(index, bestUpTo[d]!);
    index++;
  }
}

function commonPrefixLength(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  let i = 0;
  while (i < length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** The first index in (index, to) whose word does not begin with word[0 .. length). */
function endOfPrefix(
  words: readonly string[],
  index: number,
  to: number,
  word: string,
  length: number,
): number {
  // Most beginnings the walk skips are shared by a few words: gallop before halving.
  let low = index + 1;
  let step = 1;
  while (low + step < to && commonPrefixLength(words[low + step - 1]!, word) >= length) {
    low += step;
    step *= 2;
  }
  let high = Math.min(to, low + step);
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (commonPrefixLength(words[middle]!, word) >= length) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A query word of this many letters forgives one typo (Meilisearch's default). */
const MIN_LENGTH_FOR_ONE_TYPO = 5;
/** A query word of this many letters forgives two typos. */
const MIN_LENGTH_FOR_TWO_TYPOS = 9;

/** How many typos a query word of `length` letters forgives. */
export function typosAllowed(length: number): number {
  if (length >= MIN_LENGTH_FOR_TWO_TYPOS) return 2;
  return length >= MIN_LENGTH_FOR_ONE_TYPO ? 1 : 0;
}

/**
 * The typos between two whole words: single-character inserts, deletes and substitutions, and
 * two neighbouring letters swapped, each counting one (optimal string alignment distance).
 */
export function typoDistance(a: string, b: string): number {
  const width = b.length + 1;
  let beforeLast = new Int32Array(width);
  let last = Int32Array.from({ length: width }, (_, j) => j);
  let row = new Int32Array(width);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const isSame = a.charCodeAt(i - 1) === b.charCodeAt(j - 1);
      let cell = Math.min(last[j - 1]! + (isSame ? 0 : 1), last[j]! + 1, row[j - 1]! + 1);
      const isSwap =
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1);
      if (isSwap) cell = Math.min(cell, beforeLast[j - 2]! + 1);
      row[j] = cell;
    }
    [beforeLast, last, row] = [last, row, beforeLast];
  }
  return last[b.length]!;
}
