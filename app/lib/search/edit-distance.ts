import { MAX_WORD_LENGTH } from "./tokenize";

// The smallest number of single-character edits (insert, delete, substitute) that turn `query`
// into some prefix of `word`, so a typo in a word someone is still typing counts the same as a
// typo in a whole word. Only the band of cells within maxEdits of the diagonal is computed, and
// the work stops as soon as a whole row is out of reach (row minimums never decrease).

// Rows long enough for any two words of the index (both are cut to MAX_WORD_LENGTH).
const rowA = new Int32Array(2 * MAX_WORD_LENGTH + 2);
const rowB = new Int32Array(2 * MAX_WORD_LENGTH + 2);

/** Returns the distance, or maxEdits + 1 when it is larger than maxEdits. */
export function prefixEditDistance(query: string, word: string, maxEdits: number): number {
  if (query.length > MAX_WORD_LENGTH)
    throw new RangeError("query word longer than MAX_WORD_LENGTH");
  const n = query.length;
  const over = maxEdits + 1;
  const m = Math.min(word.length, n + maxEdits);
  if (m < n - maxEdits) return over;

  let previous = rowA;
  let current = rowB;
  for (let j = 0; j <= m; j++) previous[j] = j <= maxEdits ? j : over;

  for (let i = 1; i <= n; i++) {
    const low = Math.max(0, i - maxEdits);
    const high = Math.min(m, i + maxEdits);
    let rowBest = over;
    if (low === 0) {
      current[0] = i;
      rowBest = i;
    } else {
      current[low - 1] = over;
    }
    const queryChar = query.charCodeAt(i - 1);
    for (let j = Math.max(1, low); j <= high; j++) {
      const substitute = previous[j - 1]! + (queryChar === word.charCodeAt(j - 1) ? 0 : 1);
      const cell = Math.min(substitute, previous[j]! + 1, current[j - 1]! + 1, over);
      current[j] = cell;
      if (cell < rowBest) rowBest = cell;
    }
    if (high < m) current[high + 1] = over;
    if (rowBest > maxEdits) return over;
    [previous, current] = [current, previous];
  }

  let best = over;
  for (let j = Math.max(0, n - maxEdits); j <= m; j++) best = Math.min(best, previous[j]!);
  return best;
}
