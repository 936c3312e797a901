import { hashWord } from "./tokenize.server";

// Numbers the distinct words of an index as they come. A word is looked up by its UTF-16 units
// and hash, so the millions of repeats of a word cost no string each.

const EMPTY = 0;
const MIN_SLOTS = 1024;

/** Spreads the low bits, which choose the slot, over all bits of the hash. */
function slotHash(hash: number): number {
  const mixed = Math.imul(hash ^ (hash >>> 16), 0x45d9f3b);
  return mixed ^ (mixed >>> 16);
}

export class WordTable {
  /** The words, by number. */
  readonly words: string[] = [];
  #hashes = new Int32Array(MIN_SLOTS / 2);
  /** Open addressing: a word's number + 1, or EMPTY. */
  #slots = new Int32Array(MIN_SLOTS);

  get size(): number {
    return this.words.length;
  }

  /** The number of the word made of units[0 .. length), numbered now if new. */
  idOf(units: Uint16Array, length: number, hash: number): number {
    const mask = this.#slots.length - 1;
    let slot = slotHash(hash) & mask;
    for (let entry = this.#slots[slot]!; entry !== EMPTY; entry = this.#slots[slot]!) {
      const id = entry - 1;
      if (this.#hashes[id] === hash && sameUnits(this.words[id]!, units, length)) return id;
      slot = (slot + 1) & mask;
    }
    return this.#add(String.fromCharCode(...units.subarray(0, length)), hash, slot);
  }

  /** The number of `word`, numbered now if new. */
  idOfWord(word: string): number {
    const hash = hashWord(word);
    const mask = this.#slots.length - 1;
    let slot = slotHash(hash) & mask;
    for (let entry = this.#slots[slot]!; entry !== EMPTY; entry = this.#slots[slot]!) {
      if (this.#hashes[entry - 1] === hash && this.words[entry - 1] === word) return entry - 1;
      slot = (slot + 1) & mask;
    }
    return this.#add(word, hash, slot);
  }

  #add(word: string, hash: number, slot: number): number {
    const id = this.words.length;
    this.words.push(word);
    if (id === this.#hashes.length) {
      const grown = new Int32Array(id * 2);
      grown.set(this.#hashes);
      this.#hashes = grown;
    }
    this.#hashes[id] = hash;
    this.#slots[slot] = id + 1;
    // At most half full, so probes stay short.
    if (this.words.length * 2 > this.#slots.length) this.#rehash();
    return id;
  }

  #rehash() {
    const slots = new Int32Array(this.#slots.length * 2);
    const mask = slots.length - 1;
    for (let id = 0; id < this.words.length; id++) {
      let slot = slotHash(this.#hashes[id]!) & mask;
      while (slots[slot] !== EMPTY) slot = (slot + 1) & mask;
      slots[slot] = id + 1;
    }
    this.#slots = slots;
  }
}

function sameUnits(word: string, units: Uint16Array, length: number): boolean {
  if (word.length !== length) return false;
  for (let i = 0; i < length; i++) if (word.charCodeAt(i) !== units[i]) return false;
  return true;
}
