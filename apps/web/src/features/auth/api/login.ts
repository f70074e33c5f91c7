import type { LoginErrorBody, LoginRequest, LoginResponse } from '@app/shared/schemas/auth';
import { ApiError, apiFetch } from '../../../lib/api-client';

/**
 * A refused sign-in. `captchaRequired`: the account has had too many failed sign-ins; the next
 * attempt must carry a newly solved captcha (docs/decisions/0015-login-limits.md).
 */
export class LoginError extends ApiError {
  constructor(
    status: number,
    message: string,
    errors: LoginErrorBody['errors'],
    public readonly captchaRequired: boolean,
  ) {
    super(status, message, errors);
  }
}

/** POST /api/login; a refusal keeps the body's `captchaRequired` flag. */
export async function login(body: LoginRequest): Promise<LoginResponse> {
  try {
    return await apiFetch<LoginResponse>('/login', { method: 'POST', body });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const captchaRequired = (err.body as Partial<LoginErrorBody> | undefined)?.captchaRequired === true;
    throw new LoginError(err.status, err.message, err.errors, captchaRequired);
  }
}
