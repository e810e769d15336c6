/**
 * The languages Moa speaks, without their wire schemas (language.ts has those): what the app
 * needs before it runs its first screen, so it loads no schema library for it.
 */

/**
 * The language chosen on a device, mirrored from its storage into a cookie so the server renders
 * a public page's first paint in it (server/modules/site/page-renderer.ts).
 */
export const LANGUAGE_COOKIE = 'moa_language';

/** The languages Moa speaks; English is the reference. */
export const LANGUAGES = ['en', 'ko'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * The first language of an Accept-Language header Moa speaks, by the caller's own order of
 * preference (q values); null when none is (the caller then falls back to English).
 */
export function languageFromAcceptLanguage(header: string | undefined | null): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { base } of ranked) if (isLanguage(base)) return base;
  return null;
}
