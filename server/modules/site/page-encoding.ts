import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * How a rendered page is compressed for its visitor. The render thread compresses the finished
 * page in one call, so the server's thread sends bytes and holds no compression stream per page
 * (docs/decisions/1827-rendered-pages-leave-the-thread-compressed.md). Same encodings, order and
 * brotli level as the API's on-the-fly compression (server/app.ts).
 */
export type PageEncoding = 'br' | 'gzip';

const PREFERRED: readonly PageEncoding[] = ['br', 'gzip'];
export const PAGE_BROTLI_QUALITY = 4;

/**
 * The encoding a request's Accept-Encoding allows, best first (br, then gzip), or null for the
 * page as is. A coding is allowed when listed (or matched by `*`) with a q-value above 0;
 * `x-gzip` is gzip. The highest q-value wins; ties go to the preferred order.
 */
export function pageEncodingFor(acceptEncoding: string | undefined): PageEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    let weight = 1;
    for (const parameter of parameters) {
      const match = /^q\s*=\s*([01](?:\.\d{0,3})?)$/.exec(parameter);
      if (match) weight = Number(match[1]);
    }
    const coding = name === 'x-gzip' ? 'gzip' : name;
    weights.set(coding, Math.max(weight, weights.get(coding) ?? 0));
  }
  let best: PageEncoding | null = null;
  let bestWeight = 0;
  for (const coding of PREFERRED) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}

/** The page's bytes in `encoding`, in an array of their own (so only they cross between threads). */
export function encodePage(html: string, encoding: PageEncoding): Uint8Array {
  const text = Buffer.from(html);
  const bytes =
    encoding === 'br'
      ? brotliCompressSync(text, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
          },
        })
      : gzipSync(text);
  return new Uint8Array(bytes);
}
