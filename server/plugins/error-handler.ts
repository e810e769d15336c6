import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorCatalogue, type ErrorCode } from '../../src/domain/error-codes';
import type { ErrorEnvelope } from '../../src/domain/schemas';
import { AppError } from '../errors';

function envelope(code: ErrorCode, message: string): ErrorEnvelope {
  return { errors: [{ code, message }] };
}

interface ValidationIssueLike {
  instancePath?: string;
  message?: string;
}

function describeValidation(issues: ValidationIssueLike[], context: string | undefined): string {
  const where = context === 'querystring' ? 'query' : (context ?? 'request');
  return issues
    .slice(0, 5)
    .map((issue) => {
      const field = issue.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      return field ? `${where}.${field}: ${issue.message}` : `${where}: ${issue.message}`;
    })
    .join('; ');
}

/** Fastify's own error codes, mapped to the catalogue. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
  FST_ERR_RATE_LIMITED: 'RATE_LIMITED',
};

export function toErrorReply(error: FastifyError | Error, request: FastifyRequest) {
  if (error instanceof AppError) {
    return { status: error.status, headers: error.headers, body: envelope(error.code, error.message) };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const message = describeValidation(error.validation, error.validationContext);
    return { status: 400, headers: {}, body: envelope('VALIDATION_FAILED', message || 'The request is not valid.') };
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    return { status: 500, headers: {}, body: envelope('INTERNAL_ERROR', 'An unexpected error occurred.') };
  }
  const fastifyError = error as FastifyError;
  const mapped = fastifyError.code ? fastifyCodes[fastifyError.code] : undefined;
  if (mapped === 'MALFORMED_JSON') {
    return { status: 400, headers: {}, body: envelope(mapped, 'The request body is not valid JSON.') };
  }
  if (mapped === 'PAYLOAD_TOO_LARGE') {
    return { status: 413, headers: {}, body: envelope(mapped, 'The request body is too large.') };
  }
  if (mapped === 'RATE_LIMITED') {
    return { status: 429, headers: {}, body: envelope(mapped, 'Too many requests. Please wait and try again.') };
  }
  if (mapped) {
    return { status: errorCatalogue[mapped].status, headers: {}, body: envelope(mapped, fastifyError.message) };
  }
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code: ErrorCode = status === 404 ? 'NOT_FOUND' : status === 405 ? 'METHOD_NOT_ALLOWED' : 'VALIDATION_FAILED';
    return { status, headers: {}, body: envelope(code, fastifyError.message) };
  }
  // 5xx: the details go to the log with the request id, never to the client.
  request.log.error({ err: error }, 'unhandled error');
  return { status: 500, headers: {}, body: envelope('INTERNAL_ERROR', 'An unexpected error occurred.') };
}

async function errorHandlerPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, headers, body } = toErrorReply(error, request);
    return reply.status(status).headers(headers).type('application/json; charset=utf-8').send(body);
  });
}

export default fp(errorHandlerPlugin, { name: 'error-handler' });

export function sendNotFound(reply: FastifyReply, message = 'No such API route.') {
  return reply.status(404).type('application/json; charset=utf-8').send(envelope('NOT_FOUND', message));
}
