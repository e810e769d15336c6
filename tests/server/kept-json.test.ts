/**
 * keptParsed (server/db/json.ts): the catalogue's nested parts, parsed once per text and shared.
 * The rules: the same text answers the same frozen value; a different text is parsed; the kept
 * texts stay within their bound in number and length.
 */
import { describe, expect, it } from 'vitest';
import {
  KEPT_JSON_MAX_LENGTH,
  KEPT_JSON_TEXTS,
  keptJsonCounters,
  keptParsed,
  keptParsedSize,
  parsed,
} from '../../server/db/json';

/** A copy of `text` that is a different string object, as each row from the database is. */
const copyOf = (text: string) => [...text].join('');

function counted<T>(run: () => T): { result: T; parsed: number; reused: number } {
  const record = keptJsonCounters.observe();
  try {
    return { result: run(), ...record };
  } finally {
    keptJsonCounters.release(record);
  }
}

describe('keptParsed', () => {
  it('parses a text once and answers the same frozen value for the same text after', () => {
    const text = JSON.stringify([
      { id: 1, title: 'Who runs the herd?', tags: ['a', 'b'] },
      { id: 2, title: '' },
    ]);
    const first = counted(() => keptParsed<Array<{ id: number; title: string; tags?: string[] }>>(copyOf(text)));
    expect(first).toMatchObject({ parsed: 1, reused: 0 });
    expect(first.result).toEqual(JSON.parse(text));
    const again = counted(() => keptParsed(copyOf(text)));
    expect(again).toMatchObject({ parsed: 0, reused: 1 });
    expect(again.result).toBe(first.result);
    // Shared by every reader, so no reader can change it for the next.
    expect(Object.isFrozen(first.result)).toBe(true);
    expect(Object.isFrozen(first.result[0])).toBe(true);
    expect(Object.isFrozen(first.result[0]!.tags)).toBe(true);
    expect(() => {
      (first.result[0] as { title: string }).title = 'changed';
    }).toThrow(TypeError);
    expect(() => first.result[0]!.tags!.push('c')).toThrow(TypeError);
  });

  it('answers a changed text with its own value: an edit needs no one to forget the old one', () => {
    const before = keptParsed<Array<{ title: string }>>(JSON.stringify([{ title: 'Old question' }]));
    const after = counted(() => keptParsed<Array<{ title: string }>>(JSON.stringify([{ title: 'New question' }])));
    expect(after.parsed).toBe(1);
    expect(after.result[0]!.title).toBe('New question');
    expect(before[0]!.title).toBe('Old question');
  });

  it('passes parsed values through, as PostgreSQL answers them', () => {
    const value = [{ id: 1 }];
    const seen = counted(() => keptParsed(value));
    expect(seen).toMatchObject({ parsed: 0, reused: 0 });
    expect(seen.result).toBe(value);
    expect(keptParsed(null)).toBeNull();
    expect(parsed('[1]')).toEqual([1]);
  });

  it('keeps at most its bound of texts, the least recently used going first', () => {
    const hot = JSON.stringify({ hot: true });
    const hotValue = keptParsed(hot);
    for (let index = 0; index < KEPT_JSON_TEXTS * 2; index += 1) {
      keptParsed(JSON.stringify({ index }));
      if (index % 16 === 0) keptParsed(copyOf(hot));
      expect(keptParsedSize()).toBeLessThanOrEqual(KEPT_JSON_TEXTS);
    }
    expect(keptParsedSize()).toBe(KEPT_JSON_TEXTS);
    // The text read all along is still kept; the first of the others went.
    expect(counted(() => keptParsed(copyOf(hot)))).toMatchObject({ parsed: 0, reused: 1, result: hotValue });
    expect(counted(() => keptParsed(JSON.stringify({ index: 0 }))).parsed).toBe(1);
  });

  it('parses a text longer than its bound every time, keeping nothing of it', () => {
    const long = JSON.stringify({ content: 'x'.repeat(KEPT_JSON_MAX_LENGTH) });
    const size = keptParsedSize();
    const first = counted(() => keptParsed<{ content: string }>(long));
    const again = counted(() => keptParsed<{ content: string }>(long));
    expect([first.parsed, again.parsed, again.reused]).toEqual([1, 1, 0]);
    expect(again.result).not.toBe(first.result);
    expect(again.result.content).toHaveLength(KEPT_JSON_MAX_LENGTH);
    expect(keptParsedSize()).toBe(size);
  });
});
