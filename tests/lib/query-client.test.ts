import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createQueryClient, shouldPersistQuery, shouldRetry } from '../../src/lib/query-client';
import { RequestError } from '../../src/lib/request-error';

describe('query client defaults', () => {
  it('keeps data 5 minutes after its last use', () => {
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBe(5 * 60_000);
  });

  it('backs off exponentially, capped at 30 s', () => {
    const retryDelay = createQueryClient().getDefaultOptions().queries?.retryDelay as (n: number) => number;
    expect([0, 1, 2, 3, 10].map((n) => retryDelay(n))).toEqual([1000, 2000, 4000, 8000, 30_000]);
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
