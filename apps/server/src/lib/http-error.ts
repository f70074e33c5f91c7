import type { ErrorBody } from '@app/shared/schemas/common';

/** An error whose status and message are safe to show to the client as they are. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: ErrorBody['errors'],
    /** Seconds, sent as Retry-After (every 429 and 503 carries one). */
    public readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: ErrorBody['errors']) => new HttpError(400, message, errors);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooLarge = (message: string) => new HttpError(413, message);
export const unsupportedType = (message: string) => new HttpError(415, message);
/**
 * A refusal by a limit: `retryAfterMs` is how long the limit's window still runs, sent as
 * Retry-After in whole seconds (at least 1: a 0 would invite an immediate retry that is refused).
 */
export const tooManyRequests = (message: string, retryAfterMs: number) =>
  new HttpError(429, message, undefined, retryAfterSeconds(retryAfterMs));

export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
