import { testCounters } from './test-counters';

/**
 * Values that every request may share: parsed once, kept, and frozen all the way down so that no
 * reader can change them for the next (server/db/json.ts keeps the catalogue's nested parts this
 * way). What is worked out from such a value can be kept beside it (`derivedOnce`), and its JSON
 * text too (plugins/serialization.ts): neither can go stale, since the value cannot change, and
 * neither outlives it, since both are held by the value's identity only (a WeakMap), so they go
 * when the value's holder lets it go. See docs/decisions/1853-catalogue-parts-parsed-once-per-text.md.
 */
const kept = new WeakSet<object>();

/** How often a derived value was worked out and how often it was found kept, while a test observes. */
export const keptValueCounters = testCounters(['derived', 'reused'] as const);

/** Freezes `value` and everything in it, and marks each object and array in it as kept. */
export function keepFrozen<T>(value: T): T {
  if (typeof value !== 'object' || value === null || kept.has(value)) return value;
  for (const inner of Object.values(value)) keepFrozen(inner);
  Object.freeze(value);
  kept.add(value);
  return value;
}

/** Whether `value` is a kept value: frozen all the way down, shared by every reader. */
export function isKept(value: object): boolean {
  return kept.has(value);
}

const derivations = new WeakMap<object, WeakMap<object, { key: string; value: unknown }>>();

/**
 * `derive(source, key)`, worked out once per kept `source` (and `key`, a setting it depends on,
 * such as the site's origin) and kept, frozen, beside it. `derive` must be one function made
 * once (a module's constant), as it names the derivation. A source that is not kept (a value
 * PostgreSQL's driver parsed for this request) is derived every time.
 */
export function derivedOnce<S, T>(source: S, derive: (source: S, key: string) => T, key = ''): T {
  if (typeof source !== 'object' || source === null || !kept.has(source)) return derive(source, key);
  let byDerivation = derivations.get(derive);
  if (byDerivation === undefined) derivations.set(derive, (byDerivation = new WeakMap()));
  const known = byDerivation.get(source);
  if (known !== undefined && known.key === key) {
    keptValueCounters.count('reused');
    return known.value as T;
  }
  keptValueCounters.count('derived');
  const value = keepFrozen(derive(source, key));
  byDerivation.set(source, { key, value });
  return value;
}
