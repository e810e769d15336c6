import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime } from '../../src/lib/dates';
import {
  chooseLocale,
  getLanguage,
  getLocale,
  loadTexts,
  LOCALE_STORAGE_KEY,
  reconcileAccountLocale,
  setLocale,
  subscribeLocale,
  t,
} from '../../src/lib/i18n';
import { formatMoney, formatNumber } from '../../src/lib/money';
import { formatCompactMoney } from '../../src/features/projects/format';
import { stubLanguageDevice } from '../helpers/device-language';

describe('choosing the language', () => {
  it('keeps the stored choice above the browser', () => {
    expect(chooseLocale('ko', ['en-US'])).toBe('ko');
    expect(chooseLocale('en', ['ko-KR', 'ko'])).toBe('en');
  });

  it('takes the first browser language Moa speaks, whatever its region', () => {
    expect(chooseLocale(null, ['ko-KR', 'en-US'])).toBe('ko');
    expect(chooseLocale(null, ['ja-JP', 'KO', 'en'])).toBe('ko');
    expect(chooseLocale(null, ['en-GB', 'ko'])).toBe('en');
  });

  it('falls back to English for an unknown stored value or browser language', () => {
    expect(chooseLocale('fr', ['de-DE', 'ja'])).toBe('en');
    expect(chooseLocale(undefined, [])).toBe('en');
  });
});

describe('switching the language', () => {
  let stored: Map<string, string>;
  let cookies: string[];
  beforeEach(() => {
    ({ stored, cookies } = stubLanguageDevice());
  });
  afterEach(async () => {
    await setLocale('en');
    vi.unstubAllGlobals();
  });

  it('after sign-in, takes the account’s language on a device with no choice of its own', async () => {
    expect(await reconcileAccountLocale(null)).toBeNull();
    expect(getLanguage()).toBe('en');
    expect(await reconcileAccountLocale('ko')).toBeNull();
    expect(getLanguage()).toBe('ko');
    expect(stored.get(LOCALE_STORAGE_KEY)).toBe('ko');
    expect(await reconcileAccountLocale('ko')).toBeNull();
  });

  it('after sign-in, keeps this device’s choice and asks for it to be kept on the account', async () => {
    await setLocale('en');
    expect(await reconcileAccountLocale('ko')).toBe('en');
    expect(getLanguage()).toBe('en');
    expect(await reconcileAccountLocale(null)).toBe('en');
    expect(await reconcileAccountLocale('en')).toBeNull();
  });

  it('brings an area’s texts when a page asks for it, in the language in use, and only once', async () => {
    // Before: the key itself, which tests/i18n/areas.test.ts keeps any screen from showing.
    expect(t('faq.title')).toBe('faq.title');
    const arriving = loadTexts(['faq']);
    expect(arriving).toBeInstanceOf(Promise);
    await arriving;
    expect(t('faq.title')).toBe('Frequently asked questions');
    expect(loadTexts(['faq'])).toBeNull();
    // A switch of language brings every area in use in the new language before it applies.
    await setLocale('ko');
    expect(t('faq.title')).toBe('자주 묻는 질문');
    expect(loadTexts(['faq'])).toBeNull();
  });

  it('loads Korean on demand, tells subscribers and formats the Korean way', async () => {
    const moment = '2026-11-22T05:43:00Z';
    await loadTexts(['account']);
    expect(t('nav.signIn')).toBe('Sign in');
    expect(formatDate('2026-11-22T12:00:00Z')).toBe('November 22, 2026');
    expect(formatCompactMoney(59_500_000, 'USD')).toBe('$595K');
    let heard = 0;
    const stop = subscribeLocale(() => heard++);
    await setLocale('ko');
    stop();
    expect(stored.get(LOCALE_STORAGE_KEY)).toBe('ko');
    expect(heard).toBe(1);
    // The server renders the next public page in it.
    expect(cookies.at(-1)).toMatch(/^moa_language=ko; Path=\/; Expires=/);
    expect(getLanguage()).toBe('ko');
    expect(getLocale()).toBe('ko-KR');
    expect(t('nav.signIn')).toBe('로그인');
    expect(t('overview.greeting', { name: '민아' })).toBe('민아님, 환영합니다');
    expect(formatDate('2026-11-22T12:00:00Z')).toBe('2026년 11월 22일');
    expect(formatDateTime(moment)).toMatch(/^2026\. 11\. 22\./);
    expect(formatNumber(1234567)).toBe('1,234,567');
    // The platform currency stays; only how it is written changes.
    expect(formatMoney(2550, 'USD')).toBe('US$25.50');
    expect(formatMoney(2500, 'KRW')).toBe('₩2,500');
    expect(formatCompactMoney(59_500_000, 'USD')).toBe('US$595K');
  });
});
