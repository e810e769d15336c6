import { describe, expect, it } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { ko } from '../../src/lib/i18n/ko';

const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the English and Korean catalogues', () => {
  const english = en as Record<string, string>;
  const korean = ko as Record<string, string>;

  it('have exactly the same keys', () => {
    const missingInKorean = Object.keys(english).filter((key) => !(key in korean));
    const missingInEnglish = Object.keys(korean).filter((key) => !(key in english));
    expect(missingInKorean, 'keys missing in ko').toEqual([]);
    expect(missingInEnglish, 'keys missing in en').toEqual([]);
  });

  it('name the same placeholders in every message', () => {
    const differing = Object.keys(english)
      .filter((key) => key in korean)
      .filter((key) => placeholders(english[key]!).join() !== placeholders(korean[key]!).join());
    expect(differing).toEqual([]);
  });

  it('leave no Korean message empty or still in English', () => {
    const empty = Object.entries(korean).filter(([, message]) => message.trim() === '');
    expect(empty).toEqual([]);
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
});
