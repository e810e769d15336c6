import { z } from 'zod';
import { LANGUAGES } from './language-tags';

export { LANGUAGE_COOKIE, LANGUAGES, isLanguage, languageFromAcceptLanguage, type Language } from './language-tags';

export const languageSchema = z.enum(LANGUAGES);

/** PUT /api/v1/users/me/language: the investor's language for mails and messages. */
export const setLanguageRequestSchema = z.object({ language: languageSchema });
export const languageResponseSchema = z.object({ language: languageSchema });
export type LanguageResponse = z.infer<typeof languageResponseSchema>;
