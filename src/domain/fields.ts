import { z } from 'zod';
import { DB_INTEGER_MAX, DECIMAL_DIGITS } from './limits';
import { hasForbiddenNameCharacters } from './names';
import { says, type ValidationKey } from './validation-messages';

/**
 * The field shapes the wire schemas share, each with one message that states its whole rule
 * (so the message is right whichever check failed).
 */

/**
 * A whole number from `min` to `max` (ids, counts, quantities) in a JSON body: a JSON number
 * only. `"5"` and `true` are refused, never coerced (docs/decisions/1703).
 */
export const wholeNumber = (message: ValidationKey, { min = 1, max = DB_INTEGER_MAX } = {}) =>
  z.number(says(message)).int(says(message)).min(min, says(message)).max(max, says(message));

/**
 * A whole number from `min` to `max` written in a path or query parameter: decimal digits only,
 * read as a number (`0x10`, `1e1`, ` 16` and `+16` are refused, not read as 16). Addresses carry
 * text, so this is the one rule for them; bodies carry JSON numbers (`wholeNumber`).
 */
export const wholeNumberParam = (message: ValidationKey, { min = 1, max = DB_INTEGER_MAX } = {}) => {
  const schema = z
    .string(says(message))
    .regex(DECIMAL_DIGITS, says(message))
    .transform(Number)
    .pipe(z.number().int(says(message)).min(min, says(message)).max(max, says(message)));
  paramBounds.set(schema, { min, max });
  return schema;
};

const paramBounds = new WeakMap<object, { min: number; max: number }>();

/**
 * The bounds of a schema `wholeNumberParam` made, or undefined for any other: the server reads
 * such a parameter without running zod's steps one by one (server/plugins/input-readers.ts).
 */
export const wholeNumberParamBounds = (schema: object) => paramBounds.get(schema);

/** Text a person types: trimmed, from 1 to `max` characters. */
export const typedText = (message: ValidationKey, max: number) =>
  z.string(says(message)).trim().min(1, says(message)).max(max, says(message));

/**
 * Text that names someone or something (a legal name, a company, a payer): also no invisible,
 * control or direction characters nor angle brackets, the one rule of src/domain/names.ts.
 */
export const visibleText = (message: ValidationKey, max: number) =>
  typedText(message, max).refine((value) => !hasForbiddenNameCharacters(value), says('validation.text.characters'));
