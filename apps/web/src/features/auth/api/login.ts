import type {
  LoginChallengeResponse,
  LoginErrorBody,
  LoginRequest,
  LoginResponse,
  LoginTwoFactorRequest,
} from '@app/shared/schemas/auth';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { API } from '@app/shared/api-paths';

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

/**
 * POST /api/login; a refusal keeps the body's `captchaRequired` flag. An account with two-factor
 * answers a challenge for `loginTwoFactor` instead of the session.
 */
export async function login(body: LoginRequest): Promise<LoginResponse | LoginChallengeResponse> {
  try {
    return await apiFetch<LoginResponse | LoginChallengeResponse>(API.login, { method: 'POST', body });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const captchaRequired = (err.body as Partial<LoginErrorBody> | undefined)?.captchaRequired === true;
    throw new LoginError(err.status, err.message, err.errors, captchaRequired);
  }
}

/** POST /api/login/2fa: the challenge of the password step and a TOTP or recovery code. */
export const loginTwoFactor = (body: LoginTwoFactorRequest) =>
  apiFetch<LoginResponse>(API.loginTwoFactor, { method: 'POST', body });
