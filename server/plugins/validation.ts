import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { findUnsafeInput } from '../../src/domain/schemas';
import { AppError } from '../errors';

const partNames: Record<string, string> = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' };

/**
 * Every route's zod schema, plus the rules every input obeys (src/domain/schemas.ts): no NUL
 * characters before parsing, and no number a column cannot hold after coercion. Set once on
 * the app, so every route, present and future, gets both.
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
  return (data: unknown) => {
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
