import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { followSession } from '../../src/follow-session';
import { getLanguage, LOCALE_STORAGE_KEY, setLocale } from '../../src/lib/i18n';
import type { Me } from '../../src/domain/session';
import { meQueryOptions } from '../../src/features/session/queries';
import { stubLanguageDevice } from '../helpers/device-language';

const meKey = meQueryOptions().queryKey;
const profile = (language: 'en' | 'ko') =>
  ({ userPayload: { id: 'u1', role: 'UNVERIFIED', language } }) as unknown as Me;

describe('following the signed-in profile', () => {
  let stored: Map<string, string>;
  beforeEach(() => {
    ({ stored } = stubLanguageDevice());
  });
  afterEach(async () => {
    await setLocale('en');
    vi.unstubAllGlobals();
  });

  const settled = () => new Promise((resolve) => setTimeout(resolve, 100));

  it('takes the account’s language when the server answers the profile', async () => {
    const queryClient = new QueryClient();
    followSession(queryClient, JSON.stringify(meKey));
    await queryClient.fetchQuery({ queryKey: meKey, queryFn: () => profile('ko') });
    // The Korean catalogue loads first (a busy machine takes its time).
    await vi.waitFor(() => expect(getLanguage()).toBe('ko'));
    expect(stored.get(LOCALE_STORAGE_KEY)).toBe('ko');
  });

  it('ignores a profile put in place by the device (restored, not answered)', async () => {
    const queryClient = new QueryClient();
    followSession(queryClient, JSON.stringify(meKey));
    queryClient.setQueryData(meKey, profile('ko'));
    await settled();
    expect(getLanguage()).toBe('en');
  });

  it('ignores answers to other queries', async () => {
    const queryClient = new QueryClient();
    followSession(queryClient, JSON.stringify(meKey));
    await queryClient.fetchQuery({ queryKey: ['portfolio'], queryFn: () => profile('ko') });
    await settled();
    expect(getLanguage()).toBe('en');
  });

  it('takes the account’s language from the profile a served page was rendered from', async () => {
    // The page's data, as the server writes it into the page: answered by the server just now.
    const served = new QueryClient();
    await served.fetchQuery({ queryKey: meKey, queryFn: () => profile('ko') });
    const queryClient = new QueryClient();
    followSession(queryClient, JSON.stringify(meKey), dehydrate(served));
    await vi.waitFor(() => expect(getLanguage()).toBe('ko'));
    expect(stored.get(LOCALE_STORAGE_KEY)).toBe('ko');
  });
});
