import type { $ZodType } from 'zod/v4/core';
import { wholeNumberParamBounds } from '../../src/domain/fields';
import { DECIMAL_DIGITS } from '../../src/domain/limits';
import { testCounters } from '../test-counters';
import { checksOf, defOf, directChecks } from './zod-checks';

/**
 * Readers of the address's inputs (path parameters and query strings) that take the common
 * shapes without zod: an object of whole-number parameters, enums, literals and strings with
 * zod's plain checks (lengths, patterns, formats), each optional or with a default. Zod builds a parse context, a result and an issue list for every
 * field of every request; for a governance list's project id and query that was most of the
 * request's validation, which a signed-in read pays on every call.
 *
 * A reader only ever accepts: for any input it is not sure of (a value out of bounds, a key the
 * schema does not name, a repeated parameter, a NUL character) it answers NOT_READ and the
 * validator runs zod as before, so every refusal and its message stay zod's. When it accepts,
 * its value is the one zod would answer (tests/server/input-readers.test.ts compares them).
 * A schema it does not know (a field's refinements, transforms of its own, nested objects,
 * bodies) gets no reader at all; an object's own refinements run on the value it read.
 */

export const NOT_READ: unique symbol = Symbol('not read');
type Reader = (input: unknown) => unknown;

/** Inputs the readers took, and those handed to zod (a test counts them). */
export const inputReaderCounters = testCounters(['read', 'handedToZod'] as const);

/** A value of the given strings, as it is; NOT_READ for anything else. */
function oneOf(values: unknown[]): Reader | null {
  if (!values.every((value) => typeof value === 'string')) return null;
  const allowed = new Set(values as string[]);
  return (value) => (typeof value === 'string' && allowed.has(value) ? value : NOT_READ);
}

/** A field's value once present; NOT_READ for anything zod should decide. */
function leafReader(schema: $ZodType): Reader | null {
  const bounds = wholeNumberParamBounds(schema);
  if (bounds) {
    const { min, max } = bounds;
    if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max)) return null;
    return (value) => {
      if (typeof value !== 'string' || !DECIMAL_DIGITS.test(value)) return NOT_READ;
      const number = Number(value);
      return number >= min && number <= max ? number : NOT_READ;
    };
  }
  const def = defOf(schema);
  if (def.type === 'string') {
    const passes = directChecks(schema);
    if (!passes) return null;
    return (value) => (typeof value === 'string' && !value.includes('\u0000') && passes(value) ? value : NOT_READ);
  }
  if (checksOf(def).length > 0) return null;
  if (def.type === 'enum') return oneOf(Object.values(def.entries as Record<string, unknown>));
  if (def.type === 'literal') return oneOf(def.values as unknown[]);
  return null;
}

interface Field {
  key: string;
  read: Reader;
  /** What an absent key gives: nothing (optional), a default value, or zod's refusal. */
  whenAbsent: { kind: 'omit' } | { kind: 'default'; value: string | number | boolean } | { kind: 'refuse' };
}

function fieldOf(key: string, schema: $ZodType): Field | null {
  const def = defOf(schema);
  if (def.type === 'optional') {
    const read = leafReader(def.innerType as $ZodType);
    return read && { key, read, whenAbsent: { kind: 'omit' } };
  }
  if (def.type === 'default') {
    // zod answers the default itself for an absent key, without parsing it; only a plain value
    // is taken here (an object default is copied by zod each time).
    const value: unknown = def.defaultValue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return null;
    const read = leafReader(def.innerType as $ZodType);
    return read && { key, read, whenAbsent: { kind: 'default', value } };
  }
  const read = leafReader(schema);
  return read && { key, read, whenAbsent: { kind: 'refuse' } };
}

/**
 * The reader of an object schema of known fields, or null. An object that strips unknown keys
 * and a strict one read the same: an unknown key is zod's to strip (and to check for NUL) or to
 * refuse.
 */
export function compileInputReader(schema: unknown): Reader | null {
  if (typeof schema !== 'object' || schema === null || !('_zod' in schema)) return null;
  const def = defOf(schema as $ZodType);
  if (def.type !== 'object') return null;
  // The object's own refinements (a range whose ends must be in order) run on the value read.
  const isRefined = checksOf(def).length > 0;
  const refined = isRefined ? directChecks(schema as $ZodType, { refinements: true }) : null;
  if (isRefined && !refined) return null;
  const catchall = def.catchall as $ZodType | undefined;
  if (catchall !== undefined && defOf(catchall).type !== 'never') return null;
  const fields: Field[] = [];
  for (const [key, field] of Object.entries(def.shape as Record<string, $ZodType>)) {
    const compiled = fieldOf(key, field);
    if (!compiled) return null;
    fields.push(compiled);
  }
  const known = new Set(fields.map((field) => field.key));
  return (input) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return NOT_READ;
    const given = input as Record<string, unknown>;
    for (const key in given) if (!known.has(key)) return NOT_READ;
    const value: Record<string, unknown> = {};
    for (const field of fields) {
      const raw = given[field.key];
      if (raw === undefined) {
        if (field.key in given || field.whenAbsent.kind === 'refuse') return NOT_READ;
        if (field.whenAbsent.kind === 'default') value[field.key] = field.whenAbsent.value;
        continue;
      }
      const read = field.read(raw);
      if (read === NOT_READ) return NOT_READ;
      value[field.key] = read;
    }
    return refined && !refined(value) ? NOT_READ : value;
  };
}
