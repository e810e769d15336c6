import { describe, expect, it } from 'vitest';

type Area = Record<string, Record<string, string>>;

const english = import.meta.glob<Area>(['../../src/lib/i18n/en/*.ts', '!**/index.ts'], { eager: true });
const korean = import.meta.glob<Area>(['../../src/lib/i18n/ko/*.ts', '!**/index.ts'], { eager: true });

/** English areas whose Korean is written beside the language switch; remove a name once its ko file lands. */
const AWAITING_KOREAN = new Set<string>();

const areaName = (path: string) => path.split('/').pop()!.replace(/\.ts$/, '');
const messages = (module: Area) => Object.assign({}, ...Object.values(module)) as Record<string, string>;
const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the Korean catalogue', () => {
  const koByArea = new Map(Object.entries(korean).map(([path, module]) => [areaName(path), messages(module)]));

  it('has an area file for every English one', () => {
    const missing = Object.keys(english)
      .map(areaName)
      .filter((area) => !koByArea.has(area) && !AWAITING_KOREAN.has(area));
    expect(missing).toEqual([]);
  });

  for (const [path, module] of Object.entries(english)) {
    const area = areaName(path);
    if (!koByArea.has(area)) continue;
    const en = messages(module);
    const ko = koByArea.get(area)!;

    it(`${area}: same keys in both languages`, () => {
      expect(Object.keys(ko).sort()).toEqual(Object.keys(en).sort());
    });

    it(`${area}: same {placeholders}, and every message written`, () => {
      for (const key of Object.keys(en)) {
        expect({ key, placeholders: placeholders(ko[key] ?? '') }).toEqual({
          key,
          placeholders: placeholders(en[key]!),
        });
        expect(ko[key]?.trim(), key).toBeTruthy();
      }
    });
  }
});
