import { errorCatalogue, type ErrorCode } from '../src/domain/error-codes';

/** Services throw this; the one error handler turns it into `{ errors: [{ code, message }] }`. */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = errorCatalogue[code].status;
  }
}
