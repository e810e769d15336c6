import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { isKept } from '../kept-values';
import { testCounters } from '../test-counters';
import { checksOf, defOf, directChecks, type Def } from './zod-checks';

/**
 * Responses are written through their route's schema, so no field leaves that was not declared
 * (docs/ARCHITECTURE.md). The zod type provider does it by encoding the whole answer with zod
 * (a new object for every level) and then JSON.stringify. This writer is worked out once per
 * route from the same schema: it walks the answer along the schema, checks every value's type
 * (and enum, literal, integer) and writes only the declared keys straight to JSON text. Values
 * with further rules (a string's format or length, a number's range) go through zod's own check
 * functions, value by value (checkedLeaf).
 *
 * Anything it does not recognise falls back to zod: a schema it cannot write (transforms,
 * defaults, strict objects…) makes the route use zod's encoder, and an answer that does not
 * match is handed to zod, which reports the mismatch exactly as before (a 500, logged with the
 * issues). So for every answer the text is either what zod would have written or zod's own
 * error.
 */

type Writer = (value: unknown) => string;

/**
 * Thrown when a value does not match: zod then writes or refuses the answer. One error made once
 * and thrown again, so a mismatch builds no object and captures no stack; caught by identity.
 */
class SchemaMismatch extends Error {}
const MISMATCH = new SchemaMismatch('value does not match its schema');

/** How many answers the compiled writers wrote and how many went to zod, while a test observes. */
export const serializationCounters = testCounters(['written', 'handedToZod', 'routesOnZod', 'keptTextReused'] as const);

/**
 * A leaf with rules beyond its type: zod's own checks run on the value (zod-checks.ts), and a
 * leaf with a check that cannot run alone is parsed by zod whole.
 */
function checkedLeaf(schema: $ZodType, write: Writer): Writer {
  const passes = directChecks(schema);
  if (!passes) {
    const zod = schema as unknown as ZodType;
    return (value) => {
      const text = write(value);
      if (!zod.safeParse(value).success) throw MISMATCH;
      return text;
    };
  }
  return (value) => {
    const text = write(value);
    if (!passes(value)) throw MISMATCH;
    return text;
  };
}

function isSafeIntegerCheck(check: unknown): boolean {
  const def = (check as { _zod?: { def?: { check?: string; format?: string } } })._zod?.def;
  return def?.check === 'number_format' && def.format === 'safeint';
}

/** A character JSON writes escaped: quote, backslash, control characters and lone surrogates' halves. */
// eslint-disable-next-line no-control-regex -- the control characters are what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
const writeString: Writer = (value) => {
  if (typeof value !== 'string') throw MISMATCH;
  return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
};
// A finite number's JSON text is its string (String(-0) is "0", as in JSON).
const writeNumber: Writer = (value) => {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw MISMATCH;
  return `${value}`;
};
const writeInteger: Writer = (value) => {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw MISMATCH;
  return `${value}`;
};
const writeBoolean: Writer = (value) => {
  if (value === true) return 'true';
  if (value === false) return 'false';
  throw MISMATCH;
};

/** The writer of a schema, or null when this module does not know how to write it. */
export function compileWriter(schema: $ZodType): Writer | null {
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      if (def.format === undefined && checksOf(def).length === 0) return writeString;
      return checkedLeaf(schema, writeString);
    }
    case 'number': {
      const checks = checksOf(def);
      if (def.format === undefined && checks.length === 0) return writeNumber;
      if (def.format === 'safeint' && checks.length === 0) return writeInteger;
      if (def.format === undefined && checks.length === 1 && isSafeIntegerCheck(checks[0])) return writeInteger;
      return checkedLeaf(schema, writeNumber);
    }
    case 'boolean':
      return checksOf(def).length === 0 ? writeBoolean : null;
    case 'null':
      return (value) => {
        if (value !== null) throw MISMATCH;
        return 'null';
      };
    case 'enum':
      return oneOfWriter(Object.values(def.entries as Record<string, unknown>));
    case 'literal':
      return oneOfWriter(def.values as unknown[]);
    case 'nullable': {
      const inner = compileWriter(def.innerType as $ZodType);
      if (!inner) return null;
      const write: Writer = (value) => (value === null ? 'null' : inner(value));
      innerOfNullable.set(write, inner);
      return write;
    }
    case 'optional': {
      // Inside an object an undefined value is left out (objectWriter); alone it is not JSON.
      return compileWriter(def.innerType as $ZodType);
    }
    case 'readonly':
      return compileWriter(def.innerType as $ZodType);
    case 'array': {
      if (checksOf(def).length > 0) return null;
      const element = compileWriter(def.element as $ZodType);
      if (!element) return null;
      return generatedArrayWriter(element);
    }
    case 'object':
      return objectWriter(def);
    case 'union': {
      const options = (def.options as $ZodType[]).map(compileWriter);
      if (options.some((option) => option === null)) return null;
      const writers = options as Writer[];
      // zod answers with the first option that accepts the value; so does this.
      return (value) => {
        for (const write of writers) {
          try {
            return write(value);
          } catch (error) {
            if (error !== MISMATCH) throw error;
          }
        }
        throw MISMATCH;
      };
    }
    case 'record': {
      const keyDef = defOf(def.keyType as $ZodType);
      if (keyDef.type !== 'string' || keyDef.format !== undefined || checksOf(keyDef).length > 0) return null;
      const entry = compileWriter(def.valueType as $ZodType);
      if (!entry) return null;
      return (value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) throw MISMATCH;
        let text = '{';
        let first = true;
        for (const [key, item] of Object.entries(value)) {
          if (!first) text += ',';
          first = false;
          text += `${JSON.stringify(key)}:${entry(item)}`;
        }
        return `${text}}`;
      };
    }
    default:
      return null;
  }
}

/**
 * An enum's or a literal's writer: each allowed value's text, written once. A value JSON has no
 * text for (undefined, a bigint) leaves the schema to zod.
 */
function oneOfWriter(values: readonly unknown[]): Writer | null {
  const isJson = (value: unknown) =>
    value === null || typeof value === 'string' || typeof value === 'boolean' || Number.isFinite(value);
  if (!values.every(isJson)) return null;
  const texts = new Map(values.map((value) => [value, JSON.stringify(value)]));
  return (value) => {
    const text = texts.get(value);
    if (text === undefined) throw MISMATCH;
    return text;
  };
}

/** Whether a key may be left out: an optional schema, possibly inside nullable or readonly. */
function isOptional(schema: $ZodType): boolean {
  const def = defOf(schema);
  if (def.type === 'optional') return true;
  return (def.type === 'nullable' || def.type === 'readonly') && isOptional(def.innerType as $ZodType);
}

function objectWriter(def: Def): Writer | null {
  // A catchall (strict, passthrough) changes which keys an answer may carry: zod decides.
  if (def.catchall !== undefined || checksOf(def).length > 0) return null;
  const shape = def.shape as Record<string, $ZodType>;
  const fields: ObjectField[] = [];
  for (const [key, schema] of Object.entries(shape)) {
    const write = compileWriter(schema);
    if (!write) return null;
    fields.push({ key, optional: isOptional(schema), write });
  }
  return generatedObjectWriter(fields);
}

interface ObjectField {
  key: string;
  optional: boolean;
  write: Writer;
}

/** The writers of a nullable schema, and what they write when the value is not null. */
const innerOfNullable = new WeakMap<Writer, Writer>();

/**
 * The statements that write a value in `item` (known to be defined) after `prefix`, a JS
 * expression: a plain string, number, integer or boolean (or one of them, nullable) is checked
 * and written in place; anything else calls its writer, `call`.
 */
function writeStatements(write: Writer, prefix: string, call: string): string {
  const inner = innerOfNullable.get(write);
  const inlinedInner = inner ? inline(inner, prefix) : null;
  if (inlinedInner !== null) return `if (item === null) text += ${prefix} + 'null'; else { ${inlinedInner} }`;
  return inline(write, prefix) ?? `text += ${prefix} + ${call}(item);`;
}

function inline(write: Writer, prefix: string): string | null {
  if (write === writeString) {
    return (
      `if (typeof item !== 'string') throw MISMATCH; ` +
      `text += ${prefix} + (NEEDS_ESCAPE.test(item) ? JSON.stringify(item) : '"' + item + '"');`
    );
  }
  if (write === writeNumber) {
    return `if (typeof item !== 'number' || !Number.isFinite(item)) throw MISMATCH; text += ${prefix} + item;`;
  }
  if (write === writeInteger) {
    return `if (typeof item !== 'number' || !Number.isSafeInteger(item)) throw MISMATCH; text += ${prefix} + item;`;
  }
  if (write === writeBoolean) {
    return `if (item === true) text += ${prefix} + 'true'; else if (item === false) text += ${prefix} + 'false'; else throw MISMATCH;`;
  }
  return null;
}

type WriterFactory = (
  writers: readonly Writer[],
  mismatch: SchemaMismatch,
  needsEscape: RegExp,
  isKept: (value: object) => boolean,
  reused: () => void,
) => Writer;

const countReused = () => serializationCounters.count('keptTextReused');

/**
 * The writer that generated code makes: `lines` are the body of a function that returns it, and see
 * `writers` (the writers it calls), `MISMATCH`, `NEEDS_ESCAPE`, `IS_KEPT` and `REUSED`.
 */
function generatedWriter(lines: readonly string[], writers: readonly Writer[]): Writer {
  const source = [`'use strict';`, ...lines].join('\n');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- generated once per schema, see generatedObjectWriter
  const factory = new Function('writers', 'MISMATCH', 'NEEDS_ESCAPE', 'IS_KEPT', 'REUSED', source) as WriterFactory;
  return factory(writers, MISMATCH, NEEDS_ESCAPE, isKept, countReused);
}

/**
 * An object's writer as code of its own, made once per object schema (as Fastify's serializers
 * and the statement cache's row makers are made): every key is read by name at a place of its own,
 * which V8 makes as fast as a field of a class, where one loop reading every key of every
 * object by a variable name goes through a dictionary lookup each time; and the plain leaves
 * are checked and written in place. The keys are written into the code as JSON string
 * literals, the only text in it that is not written here. Keys are written in the schema's
 * order, a missing optional key is left out, a missing required one is a mismatch.
 */
function generatedObjectWriter(fields: readonly ObjectField[]): Writer {
  const lines: string[] = [];
  // Whether a required key came before, so that a comma surely goes before this one. Until then
  // only optional keys came (or none), and `first` says as it runs whether one was written.
  let afterRequired = false;
  let tracksFirst = false;
  fields.forEach((field, index) => {
    const key = JSON.stringify(field.key);
    lines.push(`item = value[${key}];`);
    const prefix = afterRequired
      ? JSON.stringify(`,${key}:`)
      : index === 0
        ? JSON.stringify(`${key}:`)
        : `(first ? ${JSON.stringify(`${key}:`)} : ${JSON.stringify(`,${key}:`)})`;
    const write = writeStatements(field.write, prefix, `w${index}`) + (afterRequired ? '' : ' first = false;');
    tracksFirst ||= !afterRequired;
    if (field.optional) lines.push(`if (item !== undefined) { ${write} }`);
    else {
      lines.push(`if (item === undefined) throw MISMATCH;`, write);
      afterRequired = true;
    }
  });
  return generatedWriter(
    [
      ...fields.map((_, index) => `const w${index} = writers[${index}];`),
      `return function writeObject(value) {`,
      `  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw MISMATCH;`,
      `  let text = '{';`,
      `  let item;`,
      ...(tracksFirst ? ['  let first = true;'] : []),
      ...lines.map((line) => `  ${line}`),
      `  return text + '}';`,
      `};`,
    ],
    fields.map((field) => field.write),
  );
}

/**
 * An array's writer as code of its own: its one call of the element's writer sees that writer only.
 * A kept array (kept-values.ts: frozen all the way down, shared by every request, such as a
 * project's questions) always writes the same text, so its text is kept beside it, by its
 * identity, the first time it is written and checked: a WeakMap entry, gone with the array.
 */
function generatedArrayWriter(element: Writer): Writer {
  return generatedWriter(
    [
      `const element = writers[0];`,
      `const keptTexts = new WeakMap();`,
      `function writeItems(value) {`,
      `  let text = '[';`,
      `  for (let index = 0; index < value.length; index += 1) {`,
      `    if (index > 0) text += ',';`,
      `    const item = value[index];`,
      `    ${writeStatements(element, "''", 'element')}`,
      `  }`,
      `  return text + ']';`,
      `}`,
      `return function writeArray(value) {`,
      `  if (!Array.isArray(value)) throw MISMATCH;`,
      `  if (!IS_KEPT(value)) return writeItems(value);`,
      `  let text = keptTexts.get(value);`,
      `  if (text !== undefined) {`,
      `    REUSED();`,
      `    return text;`,
      `  }`,
      `  text = writeItems(value);`,
      `  keptTexts.set(value, text);`,
      `  return text;`,
      `};`,
    ],
    [element],
  );
}

/**
 * The app's serializer compiler: the compiled writer of each route's response schema, with the
 * zod type provider's serializer behind it for what the writer does not take.
 */
export const serializerCompiler: FastifySerializerCompiler<ZodType> = (route) => {
  const zod = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  const write = route.schema instanceof $ZodType ? compileWriter(route.schema) : null;
  if (!write) {
    serializationCounters.count('routesOnZod');
    return zod;
  }
  return (data: unknown) => {
    try {
      const text = write(data);
      serializationCounters.count('written');
      return text;
    } catch (error) {
      if (error !== MISMATCH) throw error;
      serializationCounters.count('handedToZod');
      return zod(data);
    }
  };
};
