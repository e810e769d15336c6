/**
 * The compiled response writers (server/plugins/serialization.ts) read zod's internal definitions:
 * `_zod.def.type`, `format`, `checks` (and each check's `_zod.def.check` / `format`), `entries`,
 * `values`, `innerType`, `element`, `shape`, `catchall`, `options`, `keyType` and `valueType`.
 * Those are not zod's public interface, so zod is pinned to one exact version and this test states
 * what the writers rely on. A zod release that renames or reshapes any of them fails here rather
 * than silently writing unchecked values or falling back to the slow encoder on every route.
 *
 * The readers of path parameters and queries (server/plugins/input-readers.ts) read the same
 * definitions of objects, optional and default fields, enums, literals and strings, and a
 * default's `defaultValue`; the second part states what they rely on.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { wholeNumberParam } from '../../src/domain/fields';
import { compileInputReader, NOT_READ } from '../../server/plugins/input-readers';
import { compileWriter } from '../../server/plugins/serialization';

const writerOf = (schema: z.ZodType) => compileWriter(schema as never);

/** The writer's text, or 'refused' when it would hand the value to zod. */
function write(schema: z.ZodType, value: unknown): string {
  const writer = writerOf(schema);
  if (!writer) throw new Error('no compiled writer');
  try {
    return writer(value);
  } catch (error) {
    // The writer's one mismatch error, thrown again each time (server/plugins/serialization.ts).
    if (error instanceof Error && error.constructor.name === 'SchemaMismatch') return 'refused';
    throw error;
  }
}

describe('the zod internals the response writers read', () => {
  it('zod is pinned to the exact version installed', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
    const installed = (JSON.parse(readFileSync('node_modules/zod/package.json', 'utf8')) as { version: string })
      .version;
    expect(manifest.dependencies.zod).toMatch(/^\d+\.\d+\.\d+$/);
    expect(manifest.dependencies.zod).toBe(installed);
  });

  // Each kind the writers know must compile to a writer of its own: a null here means the kind's
  // definition is no longer read as before, and every route using it would go back to zod.
  const kinds: Array<[string, z.ZodType, unknown, string]> = [
    ['string', z.string(), 'a"b', '"a\\"b"'],
    ['number', z.number(), 1.5, '1.5'],
    ['integer (z.int)', z.int(), 3, '3'],
    ['integer (number().int())', z.number().int(), 4, '4'],
    ['boolean', z.boolean(), false, 'false'],
    ['null', z.null(), null, 'null'],
    ['enum', z.enum(['OPEN', 'CLOSED']), 'OPEN', '"OPEN"'],
    ['literal', z.literal('project'), 'project', '"project"'],
    ['nullable', z.string().nullable(), null, 'null'],
    ['optional', z.string().optional(), 'x', '"x"'],
    ['readonly', z.string().readonly(), 'r', '"r"'],
    ['array', z.array(z.number()), [1, 2], '[1,2]'],
    ['object', z.object({ a: z.number(), b: z.string().optional() }), { a: 1, c: 'dropped' }, '{"a":1}'],
    ['union', z.union([z.number(), z.string()]), 'u', '"u"'],
    ['record', z.record(z.string(), z.number()), { k: 2 }, '{"k":2}'],
  ];
  for (const [name, schema, value, text] of kinds) {
    it(`writes a ${name} itself`, () => {
      expect(writerOf(schema)).not.toBeNull();
      expect(write(schema, value)).toBe(text);
    });
  }

  // Values whose rules live in `format` or `checks`: the writer must see the rule and refuse a value
  // that breaks it (so zod reports it). If zod moved the rule elsewhere these would be written.
  const ruled: Array<[string, z.ZodType, unknown, unknown]> = [
    ['an e-mail format', z.email(), 'a@example.com', 'not an address'],
    ['a datetime format', z.iso.datetime(), '2026-11-24T03:00:00.000Z', 'yesterday'],
    ['a URL format', z.url(), 'https://moa.example/', 'moa'],
    ['a minimum length', z.string().min(3), 'abc', 'ab'],
    ['a maximum', z.number().max(5), 5, 6],
    ['z.int()', z.int(), 7, 7.5],
    ['number().int()', z.number().int(), 7, 7.5],
    ['a nonnegative integer', z.int().nonnegative(), 0, -1],
    ['an enum', z.enum(['A']), 'A', 'B'],
    ['a literal', z.literal(3), 3, 4],
    ['a required key', z.object({ a: z.string() }), { a: 'x' }, {}],
  ];
  for (const [name, schema, good, bad] of ruled) {
    it(`keeps ${name}`, () => {
      expect(write(schema, good)).toBe(JSON.stringify(schema.parse(good)));
      expect(write(schema, bad)).toBe('refused');
    });
  }

  // Kinds that change what an answer may carry stay with zod.
  const leftToZod: Array<[string, z.ZodType]> = [
    ['a strict object (catchall)', z.object({ a: z.string() }).strict()],
    ['a loose object (catchall)', z.object({ a: z.string() }).loose()],
    ['a transform (pipe)', z.string().transform((value) => value.length)],
    ['a default', z.string().default('x')],
    ['an array with a length rule', z.array(z.string()).min(1)],
    ['a refined object', z.object({ a: z.number() }).refine((value) => value.a > 0)],
    ['a record of formatted keys', z.record(z.email(), z.number())],
  ];
  for (const [name, schema] of leftToZod) {
    it(`leaves ${name} to zod`, () => {
      expect(writerOf(schema)).toBeNull();
    });
  }
});

describe('the zod internals the input readers read', () => {
  const id = wholeNumberParam('validation.projectId', { max: 99 });
  // Each field kind the readers know must give the object a reader, answering what zod answers.
  const kinds: Array<[string, z.ZodType, Record<string, string>]> = [
    ['a whole-number parameter', z.object({ id }), { id: '7' }],
    ['an optional field', z.strictObject({ id: id.optional() }), {}],
    ['a default', z.object({ id: id.default(9) }), {}],
    ['an enum', z.object({ kind: z.enum(['A', 'B']).default('A') }), { kind: 'B' }],
    ['a literal', z.object({ kind: z.literal('SHOW').optional() }), { kind: 'SHOW' }],
    [
      'a string with a pattern',
      z.object({
        name: z
          .string()
          .max(5)
          .regex(/^[a-z]+$/),
      }),
      { name: 'abc' },
    ],
  ];
  for (const [name, schema, input] of kinds) {
    it(`reads ${name} itself`, () => {
      const read = compileInputReader(schema);
      expect(read).not.toBeNull();
      expect(read!(input)).toStrictEqual(schema.parse(input));
    });
  }

  it('sees the bounds and the pattern, and leaves what breaks them to zod', () => {
    expect(compileInputReader(z.object({ id }))!({ id: '100' })).toBe(NOT_READ);
    expect(compileInputReader(z.object({ name: z.string().regex(/^[a-z]+$/) }))!({ name: 'A' })).toBe(NOT_READ);
    expect(compileInputReader(z.strictObject({ id }))!({ id: '1', other: '2' })).toBe(NOT_READ);
    expect(compileInputReader(z.object({ id }).refine((value) => value.id > 1))!({ id: '1' })).toBe(NOT_READ);
  });

  const leftToZod: Array<[string, z.ZodType]> = [
    ['a loose object (catchall)', z.object({ id }).loose()],
    ['a trimmed string (an overwrite check)', z.object({ name: z.string().trim() })],
    ['a refined field', z.object({ id: z.string().refine((value) => value !== '0') })],
    ['a transform of its own', z.object({ id: z.string().transform(Number) })],
  ];
  for (const [name, schema] of leftToZod) {
    it(`has no reader for ${name}`, () => {
      expect(compileInputReader(schema)).toBeNull();
    });
  }
});
