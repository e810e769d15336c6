import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { findUnsafeInput } from '../../src/domain/schemas';
import { AppError } from '../errors';
import { compileInputReader, inputReaderCounters, NOT_READ } from './input-readers';

const partNames: Record<string, string> = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' };

/**
 * Every route's zod schema, plus the rules every input obeys (src/domain/schemas.ts): no NUL
 * characters before parsing, and no number a column cannot hold after coercion. Set once on
 * the app, so every route, present and future, gets both. A path's parameters and a query of
 * the common shapes are read first by a reader that takes what it is sure of and leaves the
 * rest, refusals included, to zod (input-readers.ts).
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = zodValidatorCompiler(route as Parameters<typeof zodValidatorCompiler>[0]);
  const part = partNames[route.httpPart ?? ''] ?? 'request';
  const refuse = (where: string) => ({
    error: new AppError(
      'VALIDATION_FAILED',
      `${part}.${where}: this value is not allowed (a NUL character, or a number beyond what can be stored).`,
    ),
  });
  const read =
    route.httpPart === 'params' || route.httpPart === 'querystring' ? compileInputReader(route.schema) : null;
  return (data: unknown) => {
    if (read) {
      const value = read(data);
      if (value !== NOT_READ) {
        inputReaderCounters.count('read');
        return { value };
      }
      inputReaderCounters.count('handedToZod');
    }
    const withNul = findUnsafeInput(typeof data === 'string' || typeof data === 'object' ? data : null);
    if (withNul) return refuse(withNul);
    const result = validate(data) as { value?: unknown; error?: Error };
    if (result.error === undefined) {
      const unsafe = findUnsafeInput(result.value);
      if (unsafe) return refuse(unsafe);
    }
    return result;
  };
};
