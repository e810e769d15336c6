// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openApiStream } from '../../src/lib/api-stream';
import { clearAccessToken, setAccessToken } from '../../src/lib/cookies';
import { RequestError } from '../../src/lib/request-error';

describe('the live stream’s request', () => {
  const sent: Array<{ url: string; authorization: string | null }> = [];
  beforeEach(() => {
    sent.length = 0;
    clearAccessToken();
    // The browser's network, standing in for the server: what was sent is what counts here.
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({ url: String(input), authorization: new Headers(init?.headers).get('authorization') });
      return Promise.resolve(new Response('', { status: 200, headers: { 'content-type': 'text/event-stream' } }));
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearAccessToken();
  });

  it('goes with the session’s token', async () => {
    setAccessToken('header.payload.signature', new Date(Date.now() + 60_000));
    const response = await openApiStream('/api/v1/events', { signal: new AbortController().signal });
    expect(response.ok).toBe(true);
    expect(sent).toEqual([{ url: '/api/v1/events', authorization: 'Bearer header.payload.signature' }]);
  });

  it('is refused unsent once the session has ended, so no server refusal follows a sign-out', async () => {
    const opening = openApiStream('/api/v1/events', { signal: new AbortController().signal });
    await expect(opening).rejects.toBeInstanceOf(RequestError);
    await expect(opening).rejects.toMatchObject({ status: 401 });
    expect(sent).toEqual([]);
  });
});
