import { z } from 'zod';

/**
 * The language chosen on a device, mirrored from its storage into a cookie so the server renders
 * a public page's first paint in it (server/modules/site/page-renderer.ts).
 */
export const LANGUAGE_COOKIE = 'moa_language';

/** The languages Moa speaks; English is the reference. */
export const LANGUAGES = ['en', 'ko'] as const;
export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;

/** PUT /api/v1/users/me/language: the investor's language for mails and messages. */
export const setLanguageRequestSchema = z.object({ language: languageSchema });
export const languageResponseSchema = z.object({ language: languageSchema });
export type LanguageResponse = z.infer<typeof languageResponseSchema>;

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
  for (const entry of ranked) {
    const parsed = languageSchema.safeParse(entry.base);
    if (parsed.success) return parsed.data;
  }
  return null;
}
