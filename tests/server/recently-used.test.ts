import { describe, expect, it } from 'vitest';
import { RecentlyUsed } from '../../server/db/recently-used';

describe('a map of the recently used', () => {
  it('keeps its bound, telling what it drops, the least recently used first', () => {
    const dropped: string[] = [];
    const map = new RecentlyUsed<string, number>(3, (key, value) => dropped.push(`${key}=${value}`));
    map.set('a', 1);
    map.set('b', 2);
    map.set('c', 3);
    // Last moved three uses ago, over half the bound: "a" moves to the recent end.
    expect(map.get('a')).toBe(1);
    map.set('d', 4);
    expect(dropped).toEqual(['b=2']);
    expect(map.size).toBe(3);
    expect(map.get('b')).toBeUndefined();
    map.set('e', 5);
    map.set('f', 6);
    expect(dropped).toEqual(['b=2', 'c=3', 'a=1']);
    expect([map.get('d'), map.get('e'), map.get('f')]).toEqual([4, 5, 6]);
  });

  it('never drops an entry used between every few others', () => {
    const map = new RecentlyUsed<number, string>(8);
    map.set(0, 'hot');
    for (let other = 1; other <= 1000; other += 1) {
      map.set(other, 'cold');
      if (other % 3 === 0) expect(map.get(0)).toBe('hot');
    }
    expect(map.get(0)).toBe('hot');
    expect(map.size).toBe(8);
  });

  it('replaces the value of a key set again, keeping one entry', () => {
    const map = new RecentlyUsed<string, number>(2);
    map.set('a', 1);
    map.set('a', 2);
    expect(map.size).toBe(1);
    expect(map.get('a')).toBe(2);
  });
});
