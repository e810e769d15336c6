import { QueryClient, QueryObserver, onlineManager } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  PERSIST_MAX_AGE_MS,
  createQueryClient,
  refetchFailedWhenOnline,
  shouldRetry,
} from '../../src/lib/query-client';
import { shouldPersistQuery } from '../../src/lib/query-persistence';
import { RequestError } from '../../src/lib/request-error';

describe('query client defaults', () => {
  it('keeps data 5 minutes after its last use (the default; saved queries stay longer, below)', () => {
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBe(5 * 60_000);
  });

  it('backs off exponentially, capped at 30 s', () => {
    const retryDelay = createQueryClient().getDefaultOptions().queries?.retryDelay as (n: number) => number;
    expect([0, 1, 2, 3, 10].map((n) => retryDelay(n))).toEqual([1000, 2000, 4000, 8000, 30_000]);
  });

  it('waits as long as a 429 or 503 asked (Retry-After) before asking again', () => {
    const retryDelay = createQueryClient().getDefaultOptions().queries?.retryDelay as (n: number, e: unknown) => number;
    expect(retryDelay(0, new RequestError('Too many requests. Try again in 7 s.', 429, [], 7000))).toBe(7000);
    expect(retryDelay(0, new RequestError('down', 503, [], 45_000))).toBe(45_000);
    // Without a Retry-After (or an unreadable one), the usual backoff.
    expect(retryDelay(1, new RequestError('slow down', 429, [], Number.NaN))).toBe(2000);
    expect(retryDelay(1, new RequestError('down', 503, []))).toBe(2000);
  });

  it('retries up to 3 times when a retry can help', () => {
    const outage = new RequestError('down', 503, []);
    expect([0, 1, 2].every((count) => shouldRetry(count, outage))).toBe(true);
    expect(shouldRetry(3, outage)).toBe(false);
    expect(shouldRetry(0, new RequestError('offline', 0, []))).toBe(true);
    expect(shouldRetry(0, new RequestError('slow down', 429, []))).toBe(true);
  });

  it('never retries a final answer or a malformed response', () => {
    expect(shouldRetry(0, new RequestError('bad input', 400, []))).toBe(false);
    expect(shouldRetry(0, new RequestError('not found', 404, []))).toBe(false);
    expect(shouldRetry(0, z.string().safeParse(1).error)).toBe(false);
  });
});

describe('persistence opt-out', () => {
  it('persists successful queries unless they say persist: false', async () => {
    const client = new QueryClient();
    await client.prefetchQuery({ queryKey: ['a'], queryFn: () => 1 });
    await client.prefetchQuery({ queryKey: ['secret'], queryFn: () => 'otp', meta: { persist: false } });
    await client.prefetchQuery({ queryKey: ['failed'], queryFn: () => Promise.reject(new Error('x')), retry: false });
    const cache = client.getQueryCache();
    expect(shouldPersistQuery(cache.find({ queryKey: ['a'] })!)).toBe(true);
    expect(shouldPersistQuery(cache.find({ queryKey: ['secret'] })!)).toBe(false);
    expect(shouldPersistQuery(cache.find({ queryKey: ['failed'] })!)).toBe(false);
  });
});

describe('offline', () => {
  it('does not retry while offline: the page shows what the device saved at once', () => {
    onlineManager.setOnline(false);
    try {
      expect(shouldRetry(0, new RequestError('offline', 0, []))).toBe(false);
      expect(shouldRetry(0, new RequestError('down', 503, []))).toBe(false);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('keeps saving data whose last refresh failed, since it is still what the user saw', async () => {
    const client = createQueryClient();
    await client.prefetchQuery({ queryKey: ['p'], queryFn: () => 1 });
    await client
      .fetchQuery({ queryKey: ['p'], queryFn: () => Promise.reject(new RequestError('offline', 0, [])), retry: false })
      .catch(() => undefined);
    const query = client.getQueryCache().find({ queryKey: ['p'] })!;
    expect(query.state.status).toBe('error');
    expect(shouldPersistQuery(query)).toBe(true);
  });

  it('keeps saved queries in memory as long as on the device, the others for the spec’s 5 minutes', () => {
    const client = createQueryClient();
    expect(client.defaultQueryOptions({ queryKey: ['saved'] }).gcTime).toBe(PERSIST_MAX_AGE_MS);
    expect(client.defaultQueryOptions({ queryKey: ['secret'], meta: { persist: false } }).gcTime).toBe(5 * 60_000);
    expect(client.defaultQueryOptions({ queryKey: ['own'], gcTime: 1000 }).gcTime).toBe(1000);
  });

  it('tries a request even when the browser says offline (the service worker may answer)', () => {
    expect(createQueryClient().getDefaultOptions().queries?.networkMode).toBe('always');
  });
});

describe('back online', () => {
  const listenerCount = () => (onlineManager as unknown as { listeners: Set<unknown> }).listeners.size;

  it('asks again for what failed while offline', async () => {
    const client = createQueryClient();
    const stopListening = refetchFailedWhenOnline(client);
    const answers: (() => string)[] = [
      () => 'saved',
      () => {
        throw new Error('offline');
      },
      () => 'fresh',
    ];
    // Fresh by time for ever: only the reconnect rule can ask again.
    const observer = new QueryObserver(client, {
      queryKey: ['failed-offline'],
      queryFn: () => answers.shift()!(),
      retry: false,
      staleTime: Infinity,
    });
    const stop = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('saved'));
    await observer.refetch();
    expect(observer.getCurrentResult().status).toBe('error');
    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('fresh'));
    expect(observer.getCurrentResult().status).toBe('success');
    stop();
    stopListening();
  });

  it('keeps no listener for a client built without one, so one built per server render is freed', () => {
    const before = listenerCount();
    for (let i = 0; i < 5; i++) createQueryClient();
    expect(listenerCount()).toBe(before);
  });
});
