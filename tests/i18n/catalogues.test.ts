import { describe, expect, it } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { ko } from '../../src/lib/i18n/ko';

type Area = Record<string, Record<string, string>>;

/** Each feature's area file, per language (the index files only join them). */
const englishAreas = import.meta.glob<Area>(['../../src/lib/i18n/en/*.ts', '!**/index.ts'], { eager: true });
const koreanAreas = import.meta.glob<Area>(['../../src/lib/i18n/ko/*.ts', '!**/index.ts'], { eager: true });

const areaName = (path: string) => path.split('/').pop()!.replace(/\.ts$/, '');
const messagesOf = (module: Area) => Object.assign({}, ...Object.values(module)) as Record<string, string>;
const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the English and Korean catalogues', () => {
  const english = en as Record<string, string>;
  const korean = ko as Record<string, string>;

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
