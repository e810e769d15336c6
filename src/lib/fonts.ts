import type { Locale } from './i18n/types';

let hangulRequested = false;

/**
 * The Hangul faces of Noto Sans KR come with the full `@fontsource-variable/noto-sans-kr`
 * stylesheet: about a hundred `unicode-range` slices, each fetched when a page shows its
 * characters. A page in Korean needs them; a page in English shows Hangul only in a few words
 * (the language's own name in the picker, the mark's 모아), which the system's Korean face sets
 * well. So the stylesheet is asked for once the reader's language is Korean, and never for
 * English: that spares English readers the stylesheet, the slices, and the relayout of the
 * whole page each one causes when it arrives (docs/decisions/1603-what-the-first-page-runs.md).
 */
export function loadFacesFor(locale: Locale): void {
  if (locale !== 'ko' || hangulRequested) return;
  hangulRequested = true;
  void import('@fontsource-variable/noto-sans-kr').catch(() => {
    // Offline before it was ever cached: the system's face sets the text meanwhile.
    hangulRequested = false;
  });
}
