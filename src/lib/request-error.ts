import type { ErrorDetail } from '../domain/schemas';

/** A failed API call: the message shown to the user, the HTTP status and the error list. */
export class RequestError extends Error {
  override readonly name = 'RequestError';
  constructor(
    message: string,
    readonly status: number,
    readonly errors: ErrorDetail[],
    /** How long the server asked us to wait (Retry-After of a 429 or 503), in milliseconds; 0 or NaN without one. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }

  get code(): string | undefined {
    return this.errors[0]?.code;
  }
}

/** Status 0: the request never got an answer (offline, time-out, aborted). */
export const NETWORK_STATUS = 0;
export const TIMEOUT_CODE = 'TIMEOUT';
export const NETWORK_CODE = 'NETWORK';
