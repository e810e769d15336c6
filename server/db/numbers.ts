/**
 * How PostgreSQL's int8 and numeric values become JavaScript numbers. Counts, token quantities and
 * minor-unit amounts are exact integers, so a value a double cannot hold exactly is an error to
 * raise, never a number to round: `parseInt` would quietly turn 9007199254740993 into ...992.
 */
const INTEGER = /^-?\d+$/;
const DECIMAL = /^-?\d+\.\d+$/;

export class UnsafeNumberError extends Error {
  constructor(kind: string, value: string) {
    super(`The database returned the ${kind} ${value}, which a JavaScript number cannot hold exactly.`);
    this.name = 'UnsafeNumberError';
  }
}

/** An int8 (bigint, count(*)): an exact safe integer, or it throws. */
export function parseInt8(value: string): number {
  const parsed = Number(value);
  if (!INTEGER.test(value) || !Number.isSafeInteger(parsed)) throw new UnsafeNumberError('integer', value);
  return parsed;
}

/**
 * A numeric (sum() of bigints, averages): a whole value must be a safe integer; a fraction is
 * read as a double only while its whole part is safe. NaN and infinities throw.
 */
export function parseNumeric(value: string): number {
  if (INTEGER.test(value)) {
    const parsed = Number(value);
    if (!Number.isSafeInteger(parsed)) throw new UnsafeNumberError('numeric', value);
    return parsed;
  }
  if (DECIMAL.test(value)) {
    const parsed = Number(value);
    if (!Number.isSafeInteger(Math.trunc(parsed))) throw new UnsafeNumberError('numeric', value);
    return parsed;
  }
  throw new UnsafeNumberError('numeric', value);
}
