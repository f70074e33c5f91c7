import { CLIENT_MSG } from '@app/shared/messages/client';
import type { ErrorBody } from '@app/shared/schemas/common';

/** An API failure with what the server said; status 0 means the network failed. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly errors: ErrorBody['errors'] = [],
    /** The whole error body, for endpoints that say more than the common shape (e.g. sign-in). */
    public readonly body?: unknown,
  ) {
    super(message);
  }
}

export const NETWORK_ERROR = CLIENT_MSG.networkError;

/** The ApiError for a refused request, from its status and whatever body it had. */
export function apiErrorFrom(status: number, body: unknown, fallback: string = CLIENT_MSG.requestFailed): ApiError {
  const e = (body ?? {}) as Partial<ErrorBody>;
  return new ApiError(status, e.message ?? fallback, e.errors ?? [], body);
}
