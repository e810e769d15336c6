import { describe, expect, it } from 'vitest';
import * as aboutEn from '../../src/features/content/about';
import * as aboutKo from '../../src/features/content/about.ko';
import * as faqEn from '../../src/features/content/faq';
import * as faqKo from '../../src/features/content/faq.ko';
import * as legalEn from '../../src/features/content/legal';
import * as legalKo from '../../src/features/content/legal.ko';
import * as landingEn from '../../src/features/content/landing';
import * as landingKo from '../../src/features/content/landing.ko';

/** Fields that name things (anchors, links, icons) rather than say them: equal in every language. */
const SAME_IN_EVERY_LANGUAGE = new Set(['id', 'slug', 'icon']);

/**
 * Where two versions of a document differ in shape: a missing or extra key, a list of another
 * length, an anchor or icon that changed, an empty text. Translated text itself may differ.
 */
function shapeDifferences(en: unknown, ko: unknown, path = ''): string[] {
  if (typeof en === 'string') {
    if (typeof ko !== 'string' || !ko.trim()) return [`${path}: no text`];
    const field = path.split('.').pop()!;
    return SAME_IN_EVERY_LANGUAGE.has(field) && en !== ko ? [`${path}: ${ko} instead of ${en}`] : [];
  }
  if (Array.isArray(en)) {
    if (!Array.isArray(ko) || ko.length !== en.length) return [`${path}: ${en.length} entries in English`];
    return en.flatMap((item, index) => shapeDifferences(item, ko[index], `${path}[${index}]`));
  }
  if (en && typeof en === 'object') {
    if (!ko || typeof ko !== 'object') return [`${path}: missing`];
    const keys = new Set([...Object.keys(en), ...Object.keys(ko)]);
    return [...keys].flatMap((key) =>
      shapeDifferences((en as Record<string, unknown>)[key], (ko as Record<string, unknown>)[key], `${path}.${key}`),
    );
  }
  if (en === undefined) return [`${path}: not in English`];
  return en === ko ? [] : [`${path}: ${String(ko)} instead of ${String(en)}`];
}

describe('long-form content in Korean', () => {
  it.each([
    ['about', aboutEn, aboutKo],
    ['faq', faqEn, faqKo],
    ['landing', landingEn, landingKo],
    ['legal', legalEn, legalKo],
  ])('%s has the English structure, anchors and icons, every text written', (_name, en, ko) => {
    expect(shapeDifferences({ ...en }, { ...ko })).toEqual([]);
  });

  it('is told apart from a changed shape', () => {
    const en = { sections: [{ id: 'a', heading: 'A', paragraphs: ['x', 'y'] }] };
    const ko = { sections: [{ id: 'b', heading: '', paragraphs: ['가'] }], extra: '나' };
    expect(shapeDifferences(en, ko)).toEqual([
      '.sections[0].id: b instead of a',
      '.sections[0].heading: no text',
      '.sections[0].paragraphs: 2 entries in English',
      '.extra: not in English',
    ]);
  });
});
