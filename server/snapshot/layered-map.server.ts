// A read-only map that shares a large base map with its earlier versions: a version holds the
// base and its own few changes since, and copies everything into a new base only once the
// changes grow. A snapshot update changes a few tools of 100,000 without copying their maps;
// readers see an ordinary ReadonlyMap.

/** Changes kept beside the base before they are copied into a new one. */
const MAX_CHANGES = 1024;

export class LayeredMap<K, V> implements ReadonlyMap<K, V> {
  readonly size: number;

  private constructor(
    private readonly base: ReadonlyMap<K, V>,
    /** Keys set since the base, and keys removed since as undefined. */
    private readonly changes: ReadonlyMap<K, V | undefined>,
    size: number,
  ) {
    this.size = size;
  }

  /** The first version: takes `map` over, which nobody may change afterwards. */
  static of<K, V>(map: Map<K, V>): LayeredMap<K, V> {
    return new LayeredMap(map, new Map(), map.size);
  }

  /** A new version with these keys removed and then these entries set; this one stays. */
  with(removed: Iterable<K>, set: Iterable<readonly [K, V]>): LayeredMap<K, V> {
    const changes = new Map(this.changes);
    let size = this.size;
    const change = (key: K, value: V | undefined) => {
      size += (value === undefined ? 0 : 1) - (this.#hasIn(changes, key) ? 1 : 0);
      changes.set(key, value);
    };
    for (const key of removed) change(key, undefined);
    for (const [key, value] of set) change(key, value);
    if (changes.size > MAX_CHANGES) {
      return LayeredMap.of(new Map(new LayeredMap(this.base, changes, size)));
    }
    return new LayeredMap(this.base, changes, size);
  }

  #hasIn(changes: ReadonlyMap<K, V | undefined>, key: K): boolean {
    return changes.has(key) ? changes.get(key) !== undefined : this.base.has(key);
  }

  get(key: K): V | undefined {
    return this.changes.has(key) ? this.changes.get(key) : this.base.get(key);
  }

  has(key: K): boolean {
    return this.#hasIn(this.changes, key);
  }

  *entries(): MapIterator<[K, V]> {
    for (const entry of this.base) if (!this.changes.has(entry[0])) yield entry;
    for (const [key, value] of this.changes) if (value !== undefined) yield [key, value];
  }

  *keys(): MapIterator<K> {
    for (const [key] of this.entries()) yield key;
  }

  *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  forEach(visit: (value: V, key: K, map: ReadonlyMap<K, V>) => void): void {
    for (const [key, value] of this.entries()) visit(value, key, this);
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }
}
