/**
 * A map of at most `bound` entries that drops the least recently used one when a new one would
 * pass the bound: the kept SQLite statements (statement-cache.ts) and the compiled variants of a
 * query family (compiled-query.ts).
 *
 * A Map keeps its keys in the order they were added, so moving an entry to the end (delete, then
 * set) marks it as the most recently used. Doing that on every hit deleted and added an entry
 * for every statement a request ran, and the map rebuilt itself for the holes every so often.
 * An entry is moved only when it was last moved over half the bound's uses ago (a use: a get or a
 * set): the order stays close to that of last use, and a hit on an entry used often leaves the
 * map as it is.
 */
export class RecentlyUsed<K, V> {
  readonly #entries = new Map<K, { readonly value: V; markedAt: number }>();
  readonly #refreshEvery: number;
  #uses = 0;

  constructor(
    readonly bound: number,
    private readonly onDrop: (key: K, value: V) => void = () => undefined,
  ) {
    this.#refreshEvery = Math.floor(bound / 2);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The entry's value, marked as used; undefined when it is not kept. */
  get(key: K): V | undefined {
    this.#uses += 1;
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (this.#uses - entry.markedAt > this.#refreshEvery) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      entry.markedAt = this.#uses;
    }
    return entry.value;
  }

  /** Keeps a new entry as the most recently used, dropping the least recently used past the bound. */
  set(key: K, value: V): void {
    this.#uses += 1;
    this.#entries.delete(key);
    this.#entries.set(key, { value, markedAt: this.#uses });
    if (this.#entries.size > this.bound) {
      const [oldestKey, oldest] = this.#entries.entries().next().value!;
      this.#entries.delete(oldestKey);
      this.onDrop(oldestKey, oldest.value);
    }
  }

  clear(): void {
    this.#entries.clear();
  }
}
