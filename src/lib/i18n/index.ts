/**
 * One place for every user-facing string, in the investor's language. English is built in (it is
 * the reference); Korean is loaded on demand with a dynamic import, before the first render when
 * it is the chosen language, so English readers never download it and Korean readers never see
 * English flash by. The unknown-error fallback stays Korean in every language because the
 * product's contract names it so.
 */
import { useSyncExternalStore } from 'react';
import { LANGUAGE_COOKIE } from '../../domain/language-tags';
import { isValidationKey } from '../../domain/validation-messages';
import { writeCookie } from '../cookies';
import { en } from './en';
import { LOCALES, type Locale } from './types';

export { LOCALES, type Locale };
export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;

export const UNKNOWN_ERROR_MESSAGE = '알 수 없는 오류가 발생했습니다.';

/** Where the investor's choice is remembered on this device. */
export const LOCALE_STORAGE_KEY = 'moa.locale';

/** BCP 47 tag each language formats dates, numbers and money with (src/lib/dates.ts, money.ts). */
const formatTags: Record<Locale, string> = { en: 'en-US', ko: 'ko-KR' };

let current: Locale = 'en';
let messages: Catalogue = en;
const loaded: Partial<Record<Locale, Catalogue>> = { en };
const listeners = new Set<() => void>();

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The rule: the investor's stored choice; else the first of the browser's languages we speak
 * ("ko-KR" counts as Korean); else English.
 */
export function chooseLocale(stored: string | null | undefined, browserLanguages: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return 'en';
}

function readStoredLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The server renders a public page's first paint in the language this device chose. */
function rememberForServer(locale: Locale): void {
  if (typeof document === 'undefined') return;
  writeCookie(LANGUAGE_COOKIE, locale, new Date(Date.now() + 365 * 24 * 60 * 60_000));
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  const found = loaded[locale];
  if (found) return found;
  // Only Korean is ever fetched; it is its own chunk.
  const { ko } = await import('./ko');
  loaded.ko = ko;
  return ko;
}

function apply(locale: Locale, catalogue: Catalogue) {
  current = locale;
  messages = catalogue;
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  for (const listener of listeners) listener();
}

/** Before the first render: picks the language and loads its catalogue. Never fails (falls back to English). */
export async function initLocale(): Promise<Locale> {
  const stored = readStoredLocale();
  // A choice made before the cookie existed reaches the server from now on.
  if (isLocale(stored)) rememberForServer(stored);
  const locale = chooseLocale(stored, browserLanguages());
  try {
    apply(locale, await loadCatalogue(locale));
  } catch {
    apply('en', en);
  }
  return current;
}

/** The server's page renderer: the language of the page it renders next (no device to remember it on). */
export async function renderIn(locale: Locale): Promise<void> {
  if (locale !== current) apply(locale, await loadCatalogue(locale));
}

/** The investor picks a language: loaded, remembered on this device, and every screen re-renders in it. */
export async function setLocale(locale: Locale): Promise<void> {
  const catalogue = await loadCatalogue(locale);
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode: the choice lasts for this visit.
  }
  rememberForServer(locale);
  if (locale !== current) apply(locale, catalogue);
}

/**
 * After sign-in, so screens, mails and messages agree: a device with no choice of its own takes
 * the account's language (chosen on another device); a choice made on this device stays, and is
 * answered as the language the account should now keep (null when they already agree).
 */
export async function reconcileAccountLocale(account: Locale | null | undefined): Promise<Locale | null> {
  const stored = readStoredLocale();
  if (isLocale(stored)) return stored === account ? null : stored;
  if (account && account !== current) await setLocale(account);
  return null;
}

/** The language of the catalogue in use; long-form content picks its version by it. */
export function getLanguage(): Locale {
  return current;
}

/** BCP 47 tag of the current catalogue: dates and numbers are formatted for it (src/lib/dates.ts). */
export function getLocale(): string {
  return formatTags[current];
}

export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current language; the component re-renders when the investor switches. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribeLocale, getLanguage, getLanguage);
}

/** `t('key', { name: 'Moa' })` replaces `{name}` in the message. */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const message = messages[key] ?? en[key];
  if (!params) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * What a shared schema said about refused input, in the reader's language: the schemas carry
 * message keys (src/domain/validation-messages.ts); a message of the validation library itself
 * is shown as it is.
 */
export function validationText(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  return isValidationKey(message) ? t(message) : message;
}

export type Language = Locale;
