/**
 * One place for every user-facing string, in the investor's language. The catalogue is split in
 * areas (en/, ko/; keys.ts lists them): the shell's English texts are built in, and every other
 * area, in either language, loads with the first route that asks for it (`staticData.texts`,
 * loaded by the root route before anything renders), so a page brings the texts it shows and no
 * more. A language is in place before the first render and a switch loads every area in use
 * first, so no screen flashes in the other language. The unknown-error fallback stays Korean in
 * every language because the product's contract names it so.
 */
import { useSyncExternalStore } from 'react';
import { LANGUAGE_COOKIE } from '../../domain/language-tags';
import { writeCookie } from '../cookies';
import { texts as englishShell } from './en/shell';
import type { MessageKey, TextArea } from './keys';
import { LOCALES, type Locale } from './types';

export { LOCALES, type Locale, type MessageKey, type TextArea };

type Area = TextArea | 'shell';
type Texts = Partial<Record<MessageKey, string>>;

export const UNKNOWN_ERROR_MESSAGE = '알 수 없는 오류가 발생했습니다.';

/** Where the investor's choice is remembered on this device. */
export const LOCALE_STORAGE_KEY = 'moa.locale';

/** BCP 47 tag each language formats dates, numbers and money with (src/lib/dates.ts, money.ts). */
const formatTags: Record<Locale, string> = { en: 'en-US', ko: 'ko-KR' };

/** Each area file is a chunk of its own, fetched the first time a page needs it. */
const areaFiles: Record<Locale, Record<string, () => Promise<Texts>>> = {
  en: import.meta.glob<Texts>(['./en/*.ts', '!./en/shell.ts'], { import: 'texts' }),
  ko: import.meta.glob<Texts>('./ko/*.ts', { import: 'texts' }),
};

/** What has arrived, per language; `messages` is the current language's. */
const catalogues: Record<Locale, Texts> = { en: { ...englishShell }, ko: {} };
const arrived: Record<Locale, Set<Area>> = { en: new Set(['shell']), ko: new Set() };
const arriving = new Map<string, Promise<void>>();
/** Every area a page has asked for in this visit: a switch of language loads them all. */
const inUse = new Set<Area>(['shell']);

let current: Locale = 'en';
let messages: Texts = catalogues.en;
const listeners = new Set<() => void>();

function loadArea(locale: Locale, area: Area): Promise<void> | null {
  if (arrived[locale].has(area)) return null;
  const id = `${locale}/${area}`;
  let load = arriving.get(id);
  if (!load) {
    const file = areaFiles[locale][`./${id}.ts`];
    if (!file) throw new Error(`No texts for ${id}`);
    load = file()
      .then((texts) => {
        Object.assign(catalogues[locale], texts);
        arrived[locale].add(area);
      })
      .finally(() => arriving.delete(id));
    arriving.set(id, load);
  }
  return load;
}

async function loadAreas(locale: Locale, areas: Iterable<Area>): Promise<void> {
  await Promise.all([...areas].map((area) => loadArea(locale, area) ?? Promise.resolve()));
}

/**
 * The texts of these areas in the current language: null when they are all here already (the
 * usual case once visited), else a promise that settles when they are. A failed fetch rejects
 * (the route shows its error) and is tried again next time.
 */
export function loadTexts(areas: readonly TextArea[]): Promise<void> | null {
  for (const area of areas) inUse.add(area);
  if (areas.every((area) => arrived[current].has(area))) return null;
  return (async () => {
    // A switch of language while these load: load them in the new one too.
    let locale: Locale;
    do {
      locale = current;
      await loadAreas(locale, areas);
    } while (locale !== current);
  })();
}

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

function apply(locale: Locale) {
  current = locale;
  messages = catalogues[locale];
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
    await loadAreas(locale, inUse);
    apply(locale);
  } catch {
    apply('en');
  }
  return current;
}

/** The server's page renderer: the language of the page it renders next (no device to remember it on). */
export async function renderIn(locale: Locale): Promise<void> {
  if (locale === current) return;
  await loadAreas(locale, inUse);
  apply(locale);
}

/** The investor picks a language: loaded, remembered on this device, and every screen re-renders in it. */
export async function setLocale(locale: Locale): Promise<void> {
  await loadAreas(locale, inUse);
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode: the choice lasts for this visit.
  }
  rememberForServer(locale);
  if (locale !== current) apply(locale);
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
  // An area a route forgot to ask for shows its key (tests/i18n/areas.test.ts keeps them asked for).
  const message = messages[key] ?? catalogues.en[key] ?? key;
  if (!params) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * What a shared schema said about refused input, in the reader's language: the schemas carry
 * message keys (src/domain/validation-messages.ts, the `validation` area, which a page with a
 * form asks for); a message of the validation library itself is shown as it is.
 */
export function validationText(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  return message.startsWith('validation.') && message in messages ? t(message as MessageKey) : message;
}

export type Language = Locale;
