// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_COOKIE,
  clearAccessToken,
  getAccessToken,
  readCookie,
  setAccessToken,
} from '../../src/lib/cookies';
import { endSession, hasSessionToken, onSessionEnd, signOutUnderWay, signOutWith } from '../../src/lib/session';

describe('access token cookie', () => {
  beforeEach(() => clearAccessToken());

  it('reads a cookie among others', () => {
    expect(readCookie('b', 'a=1; b=two%20words; c=3')).toBe('two words');
    expect(readCookie('d', 'a=1')).toBeNull();
  });

  it('stores the token with its expiry, and clears it', () => {
    // jsdom keeps Secure cookies on an http page, as browsers do for localhost.
    setAccessToken('header.payload.signature', new Date(Date.now() + 60_000));
    expect(getAccessToken()).toBe('header.payload.signature');
    expect(document.cookie).toContain(`${ACCESS_TOKEN_COOKIE}=`);
    clearAccessToken();
    expect(getAccessToken()).toBeNull();
  });

  it('an expiry in the past means no cookie', () => {
    setAccessToken('old', new Date(Date.now() - 1000));
    expect(getAccessToken()).toBeNull();
  });

  it('endSession clears the token and tells every listener once', () => {
    setAccessToken('t', new Date(Date.now() + 60_000));
    let calls = 0;
    const stop = onSessionEnd(() => (calls += 1));
    expect(hasSessionToken()).toBe(true);
    endSession();
    expect(hasSessionToken()).toBe(false);
    expect(calls).toBe(1);
    stop();
    endSession();
    expect(calls).toBe(1);
  });
});

describe('a chosen sign-out', () => {
  it('is under way from its call until that call settles, whether it succeeds or fails', async () => {
    expect(signOutUnderWay()).toBeNull();
    let answer!: (value: string) => void;
    const running = signOutWith(() => new Promise<string>((resolve) => (answer = resolve)));
    expect(signOutUnderWay()).toBe(running);
    answer('done');
    await expect(running).resolves.toBe('done');
    expect(signOutUnderWay()).toBeNull();

    // A call that fails (offline) ends the sign-out too: the device signs out all the same.
    const failing = signOutWith(() => Promise.reject(new Error('offline')));
    expect(signOutUnderWay()).toBe(failing);
    await expect(failing).rejects.toThrow('offline');
    expect(signOutUnderWay()).toBeNull();
  });
});
