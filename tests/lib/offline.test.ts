import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { isNetworkError, readOfflineSnapshot } from '../../src/lib/offline';
import { RequestError } from '../../src/lib/request-error';

async function clientWith(...entries: Array<{ key: string; at: number; watched: boolean; fails?: RequestError }>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const entry of entries) {
    client.setQueryData([entry.key], entry.key, { updatedAt: entry.at });
    if (entry.fails) {
      await client
        .fetchQuery({ queryKey: [entry.key], queryFn: () => Promise.reject(entry.fails), staleTime: 0 })
        .catch(() => undefined);
    }
    // A mounted component reading the query: what is on screen.
    if (entry.watched) new QueryObserver(client, { queryKey: [entry.key], enabled: false }).subscribe(() => {});
  }
  return client.getQueryCache().getAll();
}

describe('the offline banner’s reading of the cache', () => {
  it('is quiet online when everything on screen refreshed', async () => {
    const queries = await clientWith({ key: 'a', at: 1000, watched: true });
    expect(readOfflineSnapshot(queries, true).isOffline).toBe(false);
  });

  it('offline, gives the oldest time among the data on screen, ignoring what is not shown', async () => {
    const queries = await clientWith(
      { key: 'list', at: 5000, watched: true },
      { key: 'detail', at: 3000, watched: true },
      { key: 'elsewhere', at: 1000, watched: false },
    );
    expect(readOfflineSnapshot(queries, false)).toEqual({ isOffline: true, savedAt: 3000 });
  });

  it('counts an unreachable server as offline even when the browser says online', async () => {
    const queries = await clientWith({
      key: 'a',
      at: 2000,
      watched: true,
      fails: new RequestError('Could not reach Moa.', 0, [{ code: 'NETWORK', message: 'Network error' }]),
    });
    expect(readOfflineSnapshot(queries, true)).toEqual({ isOffline: true, savedAt: 2000 });
  });

  it('does not call a refusal (an answer) offline', async () => {
    const queries = await clientWith({
      key: 'a',
      at: 2000,
      watched: true,
      fails: new RequestError('no', 404, [{ code: 'NOT_FOUND', message: 'no' }]),
    });
    expect(readOfflineSnapshot(queries, true).isOffline).toBe(false);
  });

  it('takes times reported by pieces that know better (the blog’s saved copy)', async () => {
    const queries = await clientWith({ key: 'a', at: 9000, watched: true });
    expect(readOfflineSnapshot(queries, false, [4000]).savedAt).toBe(4000);
  });

  it('has no time when nothing on screen came from the cache', () => {
    expect(readOfflineSnapshot([], false)).toEqual({ isOffline: true, savedAt: null });
  });
});

describe('isNetworkError', () => {
  it('is only a request with no answer', () => {
    expect(isNetworkError(new RequestError('x', 0, []))).toBe(true);
    expect(isNetworkError(new RequestError('x', 500, []))).toBe(false);
    expect(isNetworkError(new Error('x'))).toBe(false);
  });
});
