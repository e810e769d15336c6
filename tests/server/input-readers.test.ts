/**
 * The readers of path parameters and query strings (server/plugins/input-readers.ts): what they
 * take is what zod answers, key for key, and everything else, refusals included, is zod's.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { activityQuerySchema } from '../../src/domain/auth';
import { wholeNumberParam } from '../../src/domain/fields';
import { findUnsafeInput } from '../../src/domain/schemas';
import { governanceItemParamsSchema, threadQuerySchema } from '../../src/domain/governance';
import { myRevenuesQuerySchema } from '../../src/domain/portfolio';
import { postUrlTitleParamsSchema } from '../../src/domain/posts';
import { productListQuerySchema } from '../../src/domain/products';
import { compileInputReader, inputReaderCounters, NOT_READ } from '../../server/plugins/input-readers';
import { validatorCompiler } from '../../server/plugins/validation';

/** Inputs as Fastify hands them over: strings, a repeated parameter as an array. */
const inputs: Record<string, unknown>[] = [
  {},
  { limit: '5' },
  { limit: '50' },
  { limit: '0' },
  { limit: '007' },
  { limit: '' },
  { limit: '1e1' },
  { limit: ' 5' },
  { limit: '+5' },
  { limit: '0x10' },
  { limit: '5.0' },
  { limit: '-1' },
  { limit: '99999999999999999999' },
  { limit: ['1', '2'] },
  { limit: '5', extra: 'x' },
  { limit: '5', 'ex\u0000tra': 'x' },
  { source: 'ALL' },
  { source: 'ANSWER' },
  { source: 'all' },
  { source: 'ALL', sectionId: '3', before: '120' },
  { sectionId: '0' },
  { before: '2147483647' },
  { before: '2147483648' },
  { saleStatus: 'OPEN', categoryId: '2', limit: '9', nextId: '40', hideStatus: 'SHOW' },
  { hideStatus: 'HIDE' },
  { saleStatus: 'NOPE' },
  { productId: '12', id: '3' },
  { productId: '12' },
  { productId: '12', id: 'x' },
  { urlTitle: 'kimchi-fridge-fund' },
  { urlTitle: 'Kimchi' },
  { urlTitle: 'a--b' },
  { urlTitle: 'x'.repeat(500) },
  { urlTitle: 'kimchi\u0000' },
  { limit: undefined },
  { from: '2026-01-01', to: '2026-06-30', interval: 'year' },
  { from: '2026-06-30', to: '2026-01-01' },
  { from: '2026-02-30' },
  { to: '2026-12-31', productId: '4' },
  { interval: 'week' },
];

const schemas = {
  activityQuerySchema,
  threadQuerySchema,
  productListQuerySchema,
  governanceItemParamsSchema,
  postUrlTitleParamsSchema,
  myRevenuesQuerySchema,
  stripping: z.object({ limit: wholeNumberParam('validation.limit.products', { max: 50 }).optional() }),
} as const;

describe('input readers', () => {
  for (const [name, schema] of Object.entries(schemas)) {
    it(`answer what zod answers for ${name}, or leave the input to zod`, () => {
      const read = compileInputReader(schema);
      expect(read, name).not.toBeNull();
      let taken = 0;
      for (const input of inputs) {
        const value = read!(input);
        if (value === NOT_READ) continue;
        taken += 1;
        const parsed = schema.safeParse(input);
        expect(parsed.success, JSON.stringify(input)).toBe(true);
        // Key for key: a default filled in, an optional key left out, the same numbers.
        expect(value, JSON.stringify(input)).toStrictEqual(parsed.data);
      }
      expect(taken, name).toBeGreaterThan(0);
    });
  }

  it('take the inputs routes are called with', () => {
    const cases: Array<[z.ZodType, unknown, unknown]> = [
      [activityQuerySchema, {}, { limit: 100 }],
      [activityQuerySchema, { limit: '20' }, { limit: 20 }],
      [threadQuerySchema, {}, { source: 'ALL' }],
      [threadQuerySchema, { sectionId: '4', before: '90' }, { source: 'ALL', sectionId: 4, before: 90 }],
      [productListQuerySchema, { limit: '9' }, { limit: 9 }],
      [governanceItemParamsSchema, { productId: '12', id: '3' }, { productId: 12, id: 3 }],
      [postUrlTitleParamsSchema, { urlTitle: 'kimchi-fridge-fund' }, { urlTitle: 'kimchi-fridge-fund' }],
      [myRevenuesQuerySchema, {}, { interval: 'month' }],
      [
        myRevenuesQuerySchema,
        { from: '2026-01-01', to: '2026-01-01' },
        { from: '2026-01-01', to: '2026-01-01', interval: 'month' },
      ],
    ];
    for (const [schema, input, expected] of cases) expect(compileInputReader(schema)!(input)).toStrictEqual(expected);
  });

  it('leave every doubtful input to zod', () => {
    const read = compileInputReader(threadQuerySchema)!;
    for (const input of [
      { source: 'all' },
      { before: '0' },
      { before: '2147483648' },
      { before: '1e3' },
      { before: ['1', '2'] },
      { unknown: '1' },
      { before: undefined },
      null,
      'source=ALL',
      [],
    ]) {
      expect(read(input), JSON.stringify(input)).toBe(NOT_READ);
    }
  });

  it('have no reader for schemas whose steps they do not know', () => {
    const id = wholeNumberParam('validation.projectId');
    for (const schema of [
      z.object({ id: id.nullable() }),
      z.object({ name: z.string().trim() }),
      z.object({ name: z.string().refine((value) => value !== 'x') }),
      z.object({ at: z.string().transform((value) => new Date(value)) }),
      z.object({ nested: z.object({ id }) }),
      z.object({ id }).passthrough(),
      z.object({ id: z.coerce.number() }),
      z.object({ tags: z.array(z.string()).default([]) }),
      z.string(),
    ]) {
      expect(compileInputReader(schema)).toBeNull();
    }
  });

  it('run an object’s own refinements on what they read', async () => {
    const id = wholeNumberParam('validation.projectId');
    const read = compileInputReader(z.object({ id }).refine((value) => value.id > 2))!;
    expect(read).not.toBeNull();
    expect(read({ id: '3' })).toStrictEqual({ id: 3 });
    expect(read({ id: '2' })).toBe(NOT_READ);
    expect(compileInputReader(myRevenuesQuerySchema)!({ from: '2026-06-30', to: '2026-01-01' })).toBe(NOT_READ);
    // A refinement that answers later is zod's to wait for; a refusal of it is not left unhandled.
    const later = compileInputReader(
      z.object({ id }).refine(async (value) => Promise.reject(new Error(`no ${value.id}`))),
    )!;
    expect(later({ id: '3' })).toBe(NOT_READ);
    await new Promise((resolve) => setTimeout(resolve, 10));
  });

  it('count what they read, and give zod’s refusal for the rest', () => {
    const validate = validatorCompiler({
      schema: threadQuerySchema,
      method: 'GET',
      url: '/test',
      httpPart: 'querystring',
    }) as (data: unknown) => { value?: unknown; error?: Error };
    const counted = inputReaderCounters.observe();
    try {
      expect(validate({ sectionId: '2' })).toStrictEqual({ value: { source: 'ALL', sectionId: 2 } });
      const refused = validate({ sectionId: '0' });
      expect(refused.value).toBeUndefined();
      expect(refused.error).toBeDefined();
      // A NUL in a key the schema does not name is refused by the rule every input obeys.
      expect(validate({ 'a\u0000': '1' }).error?.message).toContain('this value is not allowed');
    } finally {
      inputReaderCounters.release(counted);
    }
    expect(counted).toStrictEqual({ read: 1, handedToZod: 2 });
  });

  it('name the path of the first unsafe input, and only then write one', () => {
    expect(findUnsafeInput({ a: { b: ['x', 'y\u0000'] } })).toBe('a.b.1');
    expect(findUnsafeInput({ a: 'fine', n: [1, 2.5, 2 ** 53] })).toBe('n.2');
    expect(findUnsafeInput({ a: { 'k\u0000': 1 } })).toBe('a.k\u0000');
    expect(findUnsafeInput('a\u0000')).toBe('value');
    expect(findUnsafeInput(Number.NaN)).toBe('value');
    expect(findUnsafeInput({ a: { b: ['x', 'y'], c: 3, d: null, e: true } })).toBeNull();
  });
});
