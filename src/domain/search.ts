import { safeRedirectPath } from './access';
import { DB_INTEGER_MAX, DECIMAL_DIGITS } from './limits';

/**
 * Readers of what a page's address carries (search and path params). The router runs them on
 * every page, the first one included, so they are plain functions rather than schemas: the
 * app's first page loads no schema library for them. Each one answers undefined for a value it
 * cannot take, so a mistyped or stale link opens the page without it rather than failing.
 */

/**
 * A whole number from `min` to `max`, read as `wholeNumberParam` (fields.ts) reads one: text of
 * decimal digits only (`0x10`, `1e1`, ` 16`, `+16` are not 16), or a number the router already
 * decoded from the address.
 */
export function readWholeNumber(value: unknown, { min = 1, max = DB_INTEGER_MAX } = {}): number | undefined {
  if (typeof value === 'string' ? !DECIMAL_DIGITS.test(value) : typeof value !== 'number') return undefined;
  const number = Number(value);
  return Number.isInteger(number) && number >= min && number <= max ? number : undefined;
}

/** One of `values`, exactly. */
export function readOneOf<const T extends string>(values: readonly T[], value: unknown): T | undefined {
  return typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** Text of at most `max` characters. */
export function readText(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.length <= max ? value : undefined;
}

// The UUID form zod's `z.uuid()` accepts (RFC 9562: versions 1 to 8, the variant bits, nil and max).
const UUID_PATTERN =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/i;

/** An order's id (a UUID). */
export function readUuid(value: unknown): string | undefined {
  return typeof value === 'string' && UUID_PATTERN.test(value) ? value : undefined;
}

/** ?redirect=… on the sign-in and verification pages: where to return, same site only. */
export interface RedirectSearch {
  redirect?: string;
}

export function validateRedirectSearch(search: Record<string, unknown>): RedirectSearch {
  return { redirect: typeof search.redirect === 'string' ? safeRedirectPath(search.redirect) : undefined };
}
