import { getLanguage, type Language } from '../../lib/i18n';

/**
 * The version of a long-form text for the reader's language. Call it while rendering, not when
 * the module loads, so a change of language shows at the next render.
 */
export function inLanguage<T>(versions: Record<Language, T>): T {
  return versions[getLanguage()];
}

/**
 * Long texts a route's head needs (its title and description) are loaded by the route's loader,
 * one language at a time, so they never sit in the entry chunk: these import only the reader's
 * version. Routes pass `getLanguage()` as a loader dependency so a change of language loads again.
 */
function load<T>(loaders: Record<Language, () => Promise<T>>): Promise<T> {
  return loaders[getLanguage()]();
}

export const loadLegal = () => load({ en: () => import('./legal'), ko: () => import('./legal.ko') });

export const loadAbout = () => load({ en: () => import('./about'), ko: () => import('./about.ko') });

export const loadLanding = () =>
  load({
    en: () => import('./landing').then((module) => module.landing),
    ko: () => import('./landing.ko').then((module) => module.landing),
  });
