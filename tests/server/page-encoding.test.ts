import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePage, pageEncodingFor } from '../../server/modules/site/page-encoding';

describe('how a rendered page is compressed for its visitor', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', 'br'],
    ['gzip, deflate', 'gzip'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', null],
    ['deflate', null],
    ['', null],
    [undefined, null],
  ])('%j takes %s', (header, expected) => {
    expect(pageEncodingFor(header)).toBe(expected);
  });

  it('encodes the whole page, in an array of its own', () => {
    const html = `<!doctype html><html lang="ko"><body>${'투자 · Moa '.repeat(500)}</body></html>`;
    const br = encodePage(html, 'br');
    expect(br.byteOffset).toBe(0);
    expect(br.buffer.byteLength).toBe(br.byteLength);
    expect(br.byteLength).toBeLessThan(Buffer.byteLength(html) / 4);
    expect(brotliDecompressSync(br).toString()).toBe(html);
    expect(gunzipSync(encodePage(html, 'gzip')).toString()).toBe(html);
  });
});
