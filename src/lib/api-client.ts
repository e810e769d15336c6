import type { z } from 'zod';
import { readErrorEnvelope, SESSION_LOST_MESSAGE, sessionEndingCodes, type ErrorDetail } from '../domain/error-codes';
import { REQUEST_TIMEOUT_MS } from '../domain/constants';
import { t, UNKNOWN_ERROR_MESSAGE } from './i18n';
import { NETWORK_CODE, NETWORK_STATUS, RequestError, TIMEOUT_CODE } from './request-error';

export interface ApiClientOptions {
  /** Empty for same origin; a build may point the app at another API host. */
  baseUrl?: string;
  getToken: () => string | null;
  /** The investor's language, sent as Accept-Language so the server's messages follow it. */
  getLanguage?: () => string;
  /** Called once per failed response that ends the session (spec section 4). */
  onSessionEnd: (error: RequestError) => void;
  /** A sign-out under way: calls other than its own wait for it, then fail as signed out. */
  signOutUnderWay?: () => Promise<unknown> | null;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * A response's schema, or a function that loads it. The app's queries and mutations name theirs
 * the second way (loadSchema), so the schema library loads with the first response that needs it:
 * a page served with its data, or restored from the device, never loads it to open
 * (docs/decisions/1603-what-the-first-page-runs.md).
 */
export type ResponseSchema<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

/**
 * A response schema named in a module that is loaded when the first response needs it:
 * `schema: loadSchema(productsSchemas, 'productListResponseSchema')`.
 */
export function loadSchema<M, K extends keyof M>(load: () => Promise<M>, name: K): () => Promise<M[K]> {
  return () => load().then((module) => module[name]);
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  /** When given, the response body is parsed with it; a mismatch is an error, not a surprise later. */
  schema?: ResponseSchema<T>;
  signal?: AbortSignal;
  /** Extra request headers (an Idempotency-Key, for one); they never replace Authorization. */
  headers?: Record<string, string>;
  /** Longer than the client's own for answers made on request (a statement's PDF). */
  timeoutMs?: number;
  /** The sign-out's own call: sent while the session ends, when every other call waits. */
  endsSession?: boolean;
}

export interface Download {
  blob: Blob;
  filename: string | null;
  headers: Headers;
}

export function buildUrl(baseUrl: string, path: string, query?: RequestOptions<unknown>['query']): string {
  const url = `${baseUrl.replace(/\/$/, '')}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/**
 * Reads the filename from a Content-Disposition header, preferring the RFC 5987
 * `filename*=UTF-8''…` form (Korean names arrive that way) over the plain one.
 */
export function parseContentDispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape falls through to the plain form.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(header);
  const value = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return value ? value : null;
}

async function readErrors(response: Response): Promise<ErrorDetail[]> {
  try {
    return readErrorEnvelope(await response.json()) ?? [];
  } catch {
    return [];
  }
}

export function isSessionEnding(error: RequestError): boolean {
  return (
    error.errors.some((detail) => (sessionEndingCodes as readonly string[]).includes(detail.code)) ||
    error.message === SESSION_LOST_MESSAGE
  );
}

/**
 * A call asked for while the session is being signed out: it waits for the sign-out, then fails
 * as signed out without being sent (the server would only refuse it). Not a session-ending
 * answer: the sign-out ends the session itself.
 */
export async function refuseAfterSignOut(signingOut: Promise<unknown>): Promise<never> {
  await signingOut.catch(() => undefined);
  throw new RequestError(t('network.signedOut'), 401, []);
}

export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl ?? '';
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function send(path: string, request: RequestOptions<unknown>, accept: string): Promise<Response> {
    const ending = !request.endsSession && options.signOutUnderWay?.();
    if (ending) await refuseAfterSignOut(ending);
    const headers = new Headers({ ...request.headers, Accept: accept });
    const token = options.getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const language = options.getLanguage?.();
    if (language) headers.set('Accept-Language', language);
    let body: BodyInit | undefined;
    if (request.body instanceof FormData) {
      body = request.body;
    } else if (request.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(request.body);
    }
    const timeout = AbortSignal.timeout(request.timeoutMs ?? timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;

    let response: Response;
    try {
      response = await doFetch(buildUrl(baseUrl, path, request.query), {
        method: request.method ?? 'GET',
        headers,
        body,
        credentials: 'include',
        signal,
      });
    } catch (cause) {
      if (timeout.aborted) {
        throw new RequestError(t('network.timeout'), NETWORK_STATUS, [
          { code: TIMEOUT_CODE, message: 'Request timed out' },
        ]);
      }
      if (request.signal?.aborted) throw cause;
      throw new RequestError(t('network.unreachable'), NETWORK_STATUS, [
        { code: NETWORK_CODE, message: 'Network error' },
      ]);
    }

    if (!response.ok) {
      const errors = await readErrors(response);
      const error = new RequestError(
        errors[0]?.message || UNKNOWN_ERROR_MESSAGE,
        response.status,
        errors,
        1000 * Number(response.headers.get('Retry-After')),
      );
      if (isSessionEnding(error)) options.onSessionEnd(error);
      throw error;
    }
    return response;
  }

  async function request<T = unknown>(path: string, requestOptions: RequestOptions<T> = {}): Promise<T> {
    const response = await send(path, requestOptions, 'application/json');
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    const data: unknown = text ? JSON.parse(text) : undefined;
    const { schema } = requestOptions;
    if (!schema) return data as T;
    return (typeof schema === 'function' ? await schema() : schema).parse(data);
  }

  async function download(path: string, requestOptions: Omit<RequestOptions<never>, 'schema'> = {}): Promise<Download> {
    const response = await send(path, requestOptions, '*/*');
    return {
      blob: await response.blob(),
      filename: parseContentDispositionFilename(response.headers.get('Content-Disposition')),
      headers: response.headers,
    };
  }

  return { request, download };
}

export type ApiClient = ReturnType<typeof createApiClient>;
