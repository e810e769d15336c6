import type { $ZodType } from 'zod/v4/core';

/** A zod schema's internal definition, as the writers and the input readers read it. */
export interface Def {
  type: string;
  [key: string]: unknown;
}
export const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;
export const checksOf = (def: Def) => (def.checks as unknown[] | undefined) ?? [];

/** The part of a zod check run here: its own check function and its condition. */
interface CheckInternals {
  _zod: {
    def: { check?: string; when?: (payload: CheckPayload) => boolean };
    check: (payload: CheckPayload) => unknown;
  };
}
interface CheckPayload {
  value: unknown;
  issues: unknown[];
}

/**
 * Checks zod runs synchronously and completely from their definition (bounds, lengths, formats,
 * patterns). A refinement ('custom') may be asynchronous or read the whole value, and a trim or
 * a case change ('overwrite') changes it: zod parses those itself.
 */
const DIRECT_CHECKS = new Set([
  'less_than',
  'greater_than',
  'multiple_of',
  'number_format',
  'max_length',
  'min_length',
  'length_equals',
  'string_format',
]);

/**
 * Whether a value of the leaf's type passes the leaf's rules: each of zod's own checks runs on
 * it, the way zod's parse runs them (the schema itself first when it is a check, a string
 * format, then its checks), without building a parse context and result for every value. Null
 * when the leaf has a check not in DIRECT_CHECKS, which only zod's whole parse decides.
 * The caller checks the value's type first.
 *
 * With `refinements`, a refinement ('custom') runs too, by zod's own check function: an input's
 * refinement compares its fields (a range's ends). One that answers a promise counts as failed,
 * so zod, which runs it again, decides; its outcome here is dropped.
 */
export function directChecks(
  schema: $ZodType,
  { refinements = false }: { refinements?: boolean } = {},
): ((value: unknown) => boolean) | null {
  const traits = (schema._zod as unknown as { traits: Set<string> }).traits;
  const checks = [
    ...(traits.has('$ZodCheck') ? [schema as unknown as CheckInternals] : []),
    ...(checksOf(defOf(schema)) as CheckInternals[]),
  ];
  const runsAlone = (kind: string) => DIRECT_CHECKS.has(kind) || (refinements && kind === 'custom');
  if (!checks.every((check) => runsAlone(check._zod.def.check ?? ''))) return null;
  return (value) => {
    const payload: CheckPayload = { value, issues: [] };
    for (const check of checks) {
      const when = check._zod.def.when;
      if (when && !when(payload)) continue;
      const pending = check._zod.check(payload);
      if (pending instanceof Promise) {
        pending.catch(() => undefined);
        return false;
      }
      if (payload.issues.length > 0) return false;
    }
    return true;
  };
}
