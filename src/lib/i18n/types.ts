/**
 * The shape every translated area file must have: exactly the keys of its English area, each a
 * string. `export const core = { … } satisfies Translation<typeof import('../en/core').core>;`
 */
export type Translation<English extends Record<string, string>> = Record<keyof English, string>;

/** The languages the app is written in; English is the reference catalogue. */
export { LANGUAGES as LOCALES, type Language as Locale } from '../../domain/language-tags';
