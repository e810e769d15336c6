import { describe, expect, it } from 'vitest';

type Area = { texts: Record<string, string> };

/** Each area's file, per language. */
const englishAreas = import.meta.glob<Area>('../../src/lib/i18n/en/*.ts', { eager: true });
const koreanAreas = import.meta.glob<Area>('../../src/lib/i18n/ko/*.ts', { eager: true });

const areaName = (path: string) => path.split('/').pop()!.replace(/\.ts$/, '');
const messagesOf = (module: Area) => module.texts;
const en = Object.assign({}, ...Object.values(englishAreas).map(messagesOf)) as Record<string, string>;
const ko = Object.assign({}, ...Object.values(koreanAreas).map(messagesOf)) as Record<string, string>;
const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the English and Korean catalogues', () => {
  const english = en;
  const korean = ko;

  it('have exactly the same keys', () => {
    expect(
      Object.keys(english).filter((key) => !(key in korean)),
      'keys missing in ko',
    ).toEqual([]);
    expect(
      Object.keys(korean).filter((key) => !(key in english)),
      'keys missing in en',
    ).toEqual([]);
  });

  it('name the same placeholders in every message', () => {
    const differing = Object.keys(english)
      .filter((key) => key in korean)
      .filter((key) => placeholders(english[key]!).join() !== placeholders(korean[key]!).join());
    expect(differing).toEqual([]);
  });

  it('leave no Korean message empty or still in English', () => {
    expect(Object.entries(korean).filter(([, message]) => message.trim() === '')).toEqual([]);
    // A Korean message with no Hangul is either a name (Moa, English, Reg D, 404, API, KB), a pure
    // placeholder pattern, or a forgotten translation; the first two are listed here.
    const allowed = new Set([
      'footer.company',
      'language.name.en',
      'notFound.code',
      'projects.regD',
      'site.health.api',
      'identity.file.size',
    ]);
    const untranslated = Object.entries(korean).filter(
      ([key, message]) =>
        !/[\uac00-\ud7a3]/.test(message) && !allowed.has(key) && message.replace(/\{\w+\}|[\s×:·()#,.-]/g, '') !== '',
    );
    expect(untranslated.map(([key]) => key)).toEqual([]);
  });

  it('put each key in one area only', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [path, module] of Object.entries(englishAreas)) {
      for (const key of Object.keys(messagesOf(module))) {
        if (seen.has(key)) twice.push(`${key}: ${seen.get(key)} and ${areaName(path)}`);
        seen.set(key, areaName(path));
      }
    }
    expect(twice).toEqual([]);
  });

  it('keep each area in a file of its own in both languages, with the same keys', () => {
    const koreanByArea = new Map(
      Object.entries(koreanAreas).map(([path, module]) => [areaName(path), messagesOf(module)]),
    );
    for (const [path, module] of Object.entries(englishAreas)) {
      const area = areaName(path);
      expect(koreanByArea.has(area), `src/lib/i18n/ko/${area}.ts`).toBe(true);
      expect(Object.keys(koreanByArea.get(area) ?? {}).sort(), area).toEqual(Object.keys(messagesOf(module)).sort());
    }
  });
});
