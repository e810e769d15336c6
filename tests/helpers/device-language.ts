import { vi } from 'vitest';

/**
 * A device for the language code outside a browser: a page served in English, the cookies the
 * code writes, and its saved choice (localStorage). Call in beforeEach; vi.unstubAllGlobals()
 * takes it away.
 */
export function stubLanguageDevice(): { stored: Map<string, string>; cookies: string[] } {
  const stored = new Map<string, string>();
  const cookies: string[] = [];
  vi.stubGlobal('document', {
    documentElement: { lang: 'en' },
    set cookie(value: string) {
      cookies.push(value);
    },
  });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  });
  return { stored, cookies };
}
