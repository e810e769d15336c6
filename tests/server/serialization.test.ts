/**
 * Answers written by the compiled writers (server/plugins/serialization.ts): the same text zod's
 * encoder writes, only declared keys, and anything that does not match handed to zod, which
 * refuses it as before.
 */
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { categoryListSchema, productDetailSchema, productListResponseSchema } from '../../src/domain/products';
import { meSchema } from '../../src/domain/session';
import { derivedOnce, isKept, keepFrozen, keptValueCounters } from '../../server/kept-values';
import { compileWriter, serializationCounters, serializerCompiler } from '../../server/plugins/serialization';

const serializerOf = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' } as never) as (data: unknown) => string;

/** What the zod type provider writes: encode, then JSON.stringify. */
const zodText = (schema: z.ZodType, data: unknown) => JSON.stringify(z.encode(schema, data as never));

const sample = z.object({
  id: z.number().int(),
  name: z.string(),
  share: z.number(),
  status: z.enum(['OPEN', 'CLOSED']),
  kind: z.literal('project'),
  note: z.string().nullable(),
  extra: z.string().optional(),
  maybe: z.string().optional().nullable(),
  tags: z.array(z.string()),
  link: z.url(),
  nested: z.object({ flag: z.boolean(), at: z.iso.datetime() }),
  either: z.union([z.object({ a: z.number() }), z.object({ b: z.string() })]),
  byKey: z.record(z.string(), z.number().int()),
});

const valid = {
  id: 7,
  name: 'Hanwoo "herd" \u2028 한우',
  share: 0.25,
  status: 'OPEN',
  kind: 'project',
  note: null,
  maybe: null,
  tags: ['a', 'b'],
  link: 'https://moa.example/p/7',
  nested: { flag: true, at: '2026-11-24T03:00:00.000Z' },
  either: { b: 'second', a: 'not a number' },
  byKey: { one: 1, two: 2 },
};

describe('compiled response writers', () => {
  it('write exactly what zod writes, declared keys only', () => {
    const write = compileWriter(sample as never)!;
    expect(write).not.toBeNull();
    const withUndeclared = { ...valid, secret: 'never leaves', nested: { ...valid.nested, hash: 'x' } };
    expect(write(withUndeclared)).toBe(zodText(sample, withUndeclared));
    expect(write(withUndeclared)).not.toContain('never leaves');
    expect(write({ ...valid, extra: 'here', maybe: 'set' })).toBe(
      zodText(sample, { ...valid, extra: 'here', maybe: 'set' }),
    );
  });

  it('write every string and number as JSON does, those it escapes and those it writes as they are', () => {
    const texts = z.object({
      texts: z.array(z.string()),
      numbers: z.array(z.number()),
      counts: z.array(z.number().int()),
    });
    const write = compileWriter(texts as never)!;
    const data = {
      texts: [
        '',
        'plain',
        '한우 먹거리',
        'say "hi"',
        'back\\slash',
        'line\nbreak\ttab\u0000\u001f',
        '\u007f\u2028\u2029',
        'emoji 🎤 pair',
        'lone \ud800 high',
        'lone \udc00 low',
        '</script>',
      ],
      numbers: [0, -0, 0.1, -2.5, 1e21, 1e-7, 123456789.125, Number.MAX_VALUE],
      counts: [0, -0, 1, -1, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER],
    };
    expect(write(data)).toBe(JSON.stringify(data));
    expect(write(data)).toBe(zodText(texts, data));
  });

  it('write optional keys wherever they stand, and nullable leaves, as zod does', () => {
    const shapes = z.object({
      first: z.string().optional(),
      second: z.number().int().nullable().optional(),
      third: z.boolean().nullable(),
      fourth: z.number().optional(),
      fifth: z.array(z.string().nullable()),
      sixth: z.object({ only: z.number().nullable().optional() }).nullable().optional(),
      seventh: z.array(z.object({ a: z.boolean().optional(), b: z.string().optional() })),
    });
    const write = compileWriter(shapes as never)!;
    const cases = [
      { third: null, fifth: [], seventh: [] },
      { first: 'a', third: true, fifth: ['x', null, 'say "y"'], seventh: [{}, { b: 'b' }, { a: false }] },
      { second: null, third: false, fourth: 1.5, fifth: [null], sixth: null, seventh: [{ a: true, b: '' }] },
      { first: '', second: 3, third: null, fifth: [], sixth: {}, seventh: [] },
      { second: -4, third: true, fifth: [], sixth: { only: null }, seventh: [], other: 'undeclared' },
    ];
    for (const data of cases) expect(write(data), JSON.stringify(data)).toBe(zodText(shapes, data));
    const serialize = serializerOf(shapes);
    for (const wrong of [
      { third: 'yes', fifth: [], seventh: [] },
      { third: null, fifth: [1], seventh: [] },
      { second: 1.5, third: null, fifth: [], seventh: [] },
      { fourth: Number.POSITIVE_INFINITY, third: null, fifth: [], seventh: [] },
      { third: null, fifth: [], seventh: [{ a: 'no' }] },
      { fifth: [], seventh: [] },
    ]) {
      expect(() => serialize(wrong), JSON.stringify(wrong)).toThrow();
    }
  });

  it('hand an answer that does not match to zod, which refuses it', () => {
    const serialize = serializerOf(sample);
    for (const wrong of [
      { ...valid, id: 1.5 },
      { ...valid, id: Number.NaN },
      { ...valid, status: 'MAYBE' },
      { ...valid, kind: 'post' },
      { ...valid, link: 'not a url' },
      { ...valid, nested: { flag: 'yes', at: valid.nested.at } },
      { ...valid, nested: { flag: true, at: 'yesterday' } },
      { ...valid, tags: 'a' },
      { ...valid, either: { c: 1 } },
      { ...valid, byKey: { one: 'x' } },
      { ...valid, name: undefined },
    ]) {
      const counted = serializationCounters.observe();
      let error: unknown;
      try {
        serialize(wrong);
      } catch (caught) {
        error = caught;
      }
      expect(isResponseSerializationError(error), JSON.stringify(wrong)).toBe(true);
      serializationCounters.release(counted);
      expect(counted.handedToZod).toBe(1);
    }
  });

  it('leave to zod the schemas they do not know how to write', () => {
    expect(compileWriter(z.object({ a: z.string() }).strict() as never)).toBeNull();
    expect(compileWriter(z.string().transform((value) => value.length) as never)).toBeNull();
    expect(compileWriter(z.array(z.string()).min(1) as never)).toBeNull();
    const withDefault = z.object({ a: z.string().default('x') });
    expect(serializerOf(withDefault)({ a: 'y' })).toBe(zodText(withDefault, { a: 'y' }));
  });

  it('write the catalogue and the account as zod does', () => {
    const card = {
      id: 1,
      name: 'Seoul Soul Records',
      description: 'Royalties',
      image: '/demo/a.svg',
      price: 1000,
      currency: 'KRW',
      raisedAmount: 5000,
      remainingQuantity: 10,
      raisedPercentage: 12.5,
      remainingTime: null,
      inventorCount: 3,
      targetCap: null,
      category: { id: 1, name: 'Music', order: 1 },
      canWitch: false,
      isSoldOut: false,
      isMostPopular: true,
      isClosingSoon: false,
      isFeatured: false,
      isRegD: false,
      saleStatus: 'SALE',
      tokenName: 'SSR',
    };
    const list = {
      productPayloads: [card, { ...card, id: 2 }],
      pageAndInfiniteScrollResponse: { hasNextPage: false, nextId: null },
    };
    expect(serializerOf(productListResponseSchema)(list)).toBe(zodText(productListResponseSchema, list));
    const categories = {
      categories: [
        { id: 1, name: 'Music', order: 1 },
        { id: 2, name: 'Film' },
      ],
    };
    expect(serializerOf(categoryListSchema)(categories)).toBe(zodText(categoryListSchema, categories));
    expect(compileWriter(productDetailSchema as never)).not.toBeNull();
    expect(compileWriter(meSchema as never)).not.toBeNull();
  });

  it('check bounds, lengths and formats as zod does, with zod’s own checks and no parse per value', () => {
    const cases: Array<[z.ZodType, unknown[]]> = [
      [z.string().min(2).max(4), ['ab', 'abcd', 'a', 'abcde', '한우', '😀😀', '😀😀😀😀😀', '']],
      [z.string().length(3), ['abc', 'ab', 'a😀b', 'abcd']],
      [z.number().int().min(0).max(10), [0, 10, -1, 11, 5]],
      [z.number().positive(), [1, 0.5, 0, -1]],
      [z.number().nonnegative().multipleOf(5), [0, 5, 7, -5]],
      [z.uuid(), ['9b2f3c1e-8a4d-4e6f-9b1a-2c3d4e5f6a7b', 'not-a-uuid', '']],
      [z.email(), ['investor@moa.example', 'nobody', 'a@b']],
      [z.iso.datetime(), ['2026-11-24T03:00:00.000Z', '2026-11-24', 'yesterday']],
      [z.iso.date(), ['2026-11-24', '2026-13-40', '24/11/2026']],
      [z.url(), ['https://moa.example/p/7', 'not a url']],
      [z.string().regex(/^[A-Z]{3}$/), ['KRW', 'krw', 'KRWX']],
      [z.string().startsWith('/').endsWith('.svg'), ['/a.svg', 'a.svg', '/a.png']],
    ];
    for (const [schema, values] of cases) {
      const write = compileWriter(schema as never)!;
      expect(write).not.toBeNull();
      const parse = vi.spyOn(schema, 'safeParse');
      for (const value of values) {
        const accepted = schema.safeParse(value).success;
        parse.mockClear();
        let written: string | null = null;
        try {
          written = write(value);
        } catch {
          written = null;
        }
        expect(written !== null, `${JSON.stringify(value)} for ${schema.def.type}`).toBe(accepted);
        if (accepted) expect(written).toBe(zodText(schema, value));
        expect(parse).not.toHaveBeenCalled();
      }
      parse.mockRestore();
    }
  });

  it('leave a refinement to zod’s parse, which runs it', () => {
    const even = z.number().refine((value) => value % 2 === 0);
    const write = compileWriter(even as never)!;
    const parse = vi.spyOn(even, 'safeParse');
    expect(write(4)).toBe('4');
    expect(() => write(3)).toThrow();
    expect(parse).toHaveBeenCalledTimes(2);
    parse.mockRestore();
  });
});

describe('kept values (server/kept-values.ts)', () => {
  const list = z.array(z.object({ id: z.number().int(), title: z.string() }));

  function writeCounted(write: (value: unknown) => string, value: unknown) {
    const record = serializationCounters.observe();
    try {
      return { text: write(value), reused: record.keptTextReused };
    } finally {
      serializationCounters.release(record);
    }
  }

  it('write a kept array once and answer its kept text after; any other array every time', () => {
    const write = compileWriter(list)!;
    const rows = keepFrozen([{ id: 1, title: 'Quarterly "vote"' }]);
    const first = writeCounted(write, rows);
    expect(first).toEqual({ text: JSON.stringify(rows), reused: 0 });
    expect(writeCounted(write, rows)).toEqual({ text: first.text, reused: 1 });
    // An array that is not kept may change between two answers: written each time.
    const plain = [{ id: 1, title: 'a' }];
    expect(writeCounted(write, plain)).toEqual({ text: '[{"id":1,"title":"a"}]', reused: 0 });
    plain.push({ id: 2, title: 'b' });
    expect(writeCounted(write, plain)).toEqual({ text: '[{"id":1,"title":"a"},{"id":2,"title":"b"}]', reused: 0 });
    // The text is kept per writer: another schema writes the same array its own way.
    const idsOnly = compileWriter(z.array(z.object({ id: z.number().int() })))!;
    expect(writeCounted(idsOnly, rows)).toEqual({ text: '[{"id":1}]', reused: 0 });
  });

  it('keep no text for a kept array that does not match: zod refuses it every time', () => {
    const serialize = serializerOf(z.object({ items: list }));
    const wrong = keepFrozen([{ id: 1.5, title: 'x' }]);
    for (let run = 0; run < 2; run += 1) {
      const record = serializationCounters.observe();
      try {
        expect(() => serialize({ items: wrong })).toThrow();
        expect(record).toMatchObject({ handedToZod: 1, keptTextReused: 0 });
      } finally {
        serializationCounters.release(record);
      }
    }
  });

  it('freeze a kept value all the way down and derive from it once, per key', () => {
    const rows = keepFrozen([{ id: 1, tags: ['x'] }]);
    expect(() => (rows[0]!.tags as string[]).push('y')).toThrow(TypeError);
    expect(isKept(rows) && isKept(rows[0]!) && isKept(rows[0]!.tags)).toBe(true);
    const derive = (source: typeof rows, origin: string) => source.map((row) => ({ url: `${origin}/${row.id}` }));
    const record = keptValueCounters.observe();
    try {
      const first = derivedOnce(rows, derive, 'https://a.example');
      expect(derivedOnce(rows, derive, 'https://a.example')).toBe(first);
      expect(first).toEqual([{ url: 'https://a.example/1' }]);
      expect(isKept(first)).toBe(true);
      // Another key works it out again.
      expect(derivedOnce(rows, derive, 'https://b.example')).toEqual([{ url: 'https://b.example/1' }]);
      expect(record).toEqual({ derived: 2, reused: 1 });
      // A value that is not kept is derived every time, and its result left as it is.
      const plain = [{ id: 2, tags: [] }];
      const once = derivedOnce(plain, derive, 'o');
      expect(derivedOnce(plain, derive, 'o')).not.toBe(once);
      expect(Object.isFrozen(once)).toBe(false);
      expect(record).toEqual({ derived: 2, reused: 1 });
    } finally {
      keptValueCounters.release(record);
    }
  });
});
