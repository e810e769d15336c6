/**
 * Counters that production code bumps only while a test observes them. A module declares its
 * counter names once; a test calls `observe()` for a fresh, zeroed record that counts from then
 * on, and `release()` when done. With no observer (always, outside tests) a bump is one check of
 * an empty set: no module keeps numbers that only tests read.
 */
export interface TestCounters<K extends string> {
  count(name: K): void;
  observe(): Record<K, number>;
  release(record: Record<K, number>): void;
}

export function testCounters<K extends string>(names: readonly K[]): TestCounters<K> {
  const observers = new Set<Record<K, number>>();
  return {
    count(name) {
      if (observers.size === 0) return;
      for (const record of observers) record[name] += 1;
    },
    observe() {
      const record = Object.fromEntries(names.map((name) => [name, 0])) as Record<K, number>;
      observers.add(record);
      return record;
    },
    release(record) {
      observers.delete(record);
    },
  };
}
