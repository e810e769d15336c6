import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorCatalogue, type ErrorCode } from '../../src/domain/error-codes';
import type { ErrorEnvelope } from '../../src/domain/schemas';
import { AppError } from '../errors';
import { requestLanguage } from '../i18n/language';
import { localizeErrorEnvelope, validationText } from '../i18n/errors';
import type { Language } from '../../src/domain/language';
import { NO_STORE } from './presets';

function envelope(code: ErrorCode, message: string): ErrorEnvelope {
  return { errors: [{ code, message }] };
}

interface ValidationIssueLike {
  instancePath?: string;
  message?: string;
}

/** Which fields were refused and why, each message in the request's language (the field names stay as sent). */
function describeValidation(issues: ValidationIssueLike[], context: string | undefined, language: Language): string {
  const where = context === 'querystring' ? 'query' : (context ?? 'request');
  return issues
    .slice(0, 5)
    .map((issue) => {
      const field = issue.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      const message = validationText(issue.message ?? '', language);
      return field ? `${where}.${field}: ${message}` : `${where}: ${message}`;
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

/**
 * What the database refused, by engine: a unique or foreign key rule (two requests raced,
 * or a duplicate), or a value the column cannot hold. Each is the caller's 4xx, decided in
 * this one place so no route can turn a lost race into a 500.
 */
const postgresCodes: Record<string, ErrorCode> = {
  '23505': 'CONFLICT', // unique_violation
  '23503': 'CONFLICT', // foreign_key_violation
  '23P01': 'CONFLICT', // exclusion_violation
  '22001': 'VALIDATION_FAILED', // string_data_right_truncation
  '22003': 'VALIDATION_FAILED', // numeric_value_out_of_range
  '22P02': 'VALIDATION_FAILED', // invalid_text_representation
  '22021': 'VALIDATION_FAILED', // character_not_in_repertoire (NUL in text)
  '22P05': 'VALIDATION_FAILED', // untranslatable_character
  '22007': 'VALIDATION_FAILED', // invalid_datetime_format
  '22008': 'VALIDATION_FAILED', // datetime_field_overflow
};
const sqliteCodes: Record<string, ErrorCode> = {
  SQLITE_CONSTRAINT_UNIQUE: 'CONFLICT',
  SQLITE_CONSTRAINT_PRIMARYKEY: 'CONFLICT',
  SQLITE_CONSTRAINT_FOREIGNKEY: 'CONFLICT',
  SQLITE_TOOBIG: 'VALIDATION_FAILED',
  SQLITE_MISMATCH: 'VALIDATION_FAILED',
};
const databaseMessages: Partial<Record<ErrorCode, string>> = {
  CONFLICT: 'This clashes with something that already exists or was changed at the same moment. Reload and try again.',
  VALIDATION_FAILED: 'A value in the request is outside what it may be.',
};

/** The engine's own code of a database error (SQLSTATE or SQLITE_*), or null for any other error. */
function engineErrorCode(error: unknown): { engine: 'sqlite' | 'postgres'; code: string } | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, name } = error as { code?: unknown; name?: unknown };
  if (typeof code !== 'string') return null;
  if (name === 'SqliteError') return { engine: 'sqlite', code };
  // pg's DatabaseError carries SQLSTATE as a five-character code and a severity.
  if ('severity' in error && /^[0-9A-Z]{5}$/.test(code)) return { engine: 'postgres', code };
  return null;
}

export function databaseErrorCode(error: unknown): ErrorCode | null {
  const found = engineErrorCode(error);
  if (!found) return null;
  return (found.engine === 'sqlite' ? sqliteCodes[found.code] : postgresCodes[found.code]) ?? null;
}

const uniqueViolations = new Set(['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/**
 * Whether the database refused a duplicate (a unique or primary key), on either engine: the one
 * test services use when a lost race is answered by looking again (an idempotency key, a vote).
 */
export function isUniqueViolation(error: unknown): boolean {
  const found = engineErrorCode(error);
  return found !== null && uniqueViolations.has(found.code);
}

interface ErrorReply {
  status: number;
  headers: Record<string, string>;
  body: ErrorEnvelope;
  /** The messages are already in the request's language (field-level validation). */
  isLocalized?: boolean;
}

export function toErrorReply(error: FastifyError | Error, request: FastifyRequest): ErrorReply {
  if (error instanceof AppError) {
    return { status: error.status, headers: error.headers, body: envelope(error.code, error.message) };
  }
  const fromDatabase = databaseErrorCode(error);
  if (fromDatabase) {
    request.log.info({ err: error }, 'the database refused a request');
    return {
      status: errorCatalogue[fromDatabase].status,
      headers: {},
      body: envelope(fromDatabase, databaseMessages[fromDatabase] ?? 'The request could not be applied.'),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const message = describeValidation(error.validation, error.validationContext, requestLanguage(request));
    // Already in the request's language: says which field and why, so it is kept as it is.
    if (message) return { status: 400, headers: {}, body: envelope('VALIDATION_FAILED', message), isLocalized: true };
    return { status: 400, headers: {}, body: envelope('VALIDATION_FAILED', 'The request is not valid.') };
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
    const { status, headers, body, isLocalized } = toErrorReply(error, request);
    const localized = isLocalized ? body : localizeErrorEnvelope(body, requestLanguage(request));
    return reply.status(status).headers(headers).type('application/json; charset=utf-8').send(localized);
  });
}

export default fp(errorHandlerPlugin, { name: 'error-handler' });

/**
 * Fastify's own answers before routing (an undecodable URL, an over-long path parameter),
 * in the catalogue's shape and with the security headers, which no hook has set yet.
 */
export function frameworkErrorHandler(securityHeaders: Record<string, string>) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const message =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? 'A path parameter is longer than any valid value.'
        : error.code === 'FST_ERR_BAD_URL'
          ? 'The address is not a valid URL.'
          : 'The request could not be routed.';
    // send() answers at once; the reply is only thenable, so there is nothing to wait for.
    void reply
      .status(400)
      .headers(securityHeaders)
      .header('Cache-Control', NO_STORE)
      .type('application/json; charset=utf-8')
      .send(envelope('VALIDATION_FAILED', message));
  };
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (an unknown method,
 * oversized headers, a broken request line, a timeout); the answer goes straight to the
 * socket, so it is written here in full: the catalogue's shape and the security headers.
 */
export function clientErrorHandler(securityHeaders: Record<string, string>) {
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
    const [code, message]: [ErrorCode, string] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? ['HEADERS_TOO_LARGE', 'The request headers are larger than the server accepts.']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? ['REQUEST_TIMEOUT', 'The request took too long to arrive.']
          : ['VALIDATION_FAILED', 'The request is not valid HTTP.'];
    writeRawError(socket, securityHeaders, code, message);
  };
}

/** CONNECT asks to open a tunnel, which this server never does; Node would just drop the socket. */
export function connectRequestHandler(securityHeaders: Record<string, string>) {
  return (_request: unknown, socket: Socket) => {
    if (socket.destroyed || !socket.writable) return;
    writeRawError(socket, securityHeaders, 'METHOD_NOT_ALLOWED', 'This server does not open tunnels (CONNECT).');
  };
}

function writeRawError(socket: Socket, securityHeaders: Record<string, string>, code: ErrorCode, message: string) {
  const status = errorCatalogue[code].status;
  const body = JSON.stringify(envelope(code, message));
  const headers = {
    ...securityHeaders,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': NO_STORE,
    Connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${head}\r\n${body}`);
}

/** 404 in the catalogue's shape and the request's language, for routes that answer it themselves. */
export function sendNotFound(reply: FastifyReply, message = 'No such API route.') {
  const body = localizeErrorEnvelope(envelope('NOT_FOUND', message), requestLanguage(reply.request));
  return reply.status(404).type('application/json; charset=utf-8').send(body);
}
