import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { retryAfterSeconds } from '../../lib/http-error';
import { z } from 'zod';
import {
  authorizedResponse,
  loginChallengeResponse,
  loginErrorBody,
  loginRequest,
  loginResponse,
  loginTwoFactorRequest,
  type LoginErrorBody,
  type LoginResponse,
} from '@app/shared/schemas/auth';
import { errorBody as errorSchema, messageBody } from '@app/shared/schemas/common';
import { MSG } from '@app/shared/messages';
import { STAFF_MSG } from '@app/shared/messages/staff';
import { ROLE_ADMIN, ROLE_USER } from '@app/shared/constants';
import { rolesCan } from '@app/shared/capabilities';
import { usersRepository, type UserRow } from '../users';
import { authRepository } from './repository';
import { twoFactorRequired, twoFactorService } from './two-factor';
import { auditAuthEvent } from './audit-events';
import { appCaptcha } from '../captcha';
import { DUMMY_HASH, verifyPassword } from '../../lib/password-hashing';
import { loginThrottle } from './login-throttle';
import type { CounterStore } from '../../lib/counter-store';
import { errorBody } from '../../plugins/errors';
import { recordAudit } from '../audit';
import { refusalAudit } from './refusal-audit';
import { API } from '@app/shared/api-paths';

/** Where a freshly signed-in user lands: the back office for staff, the personnel page otherwise. */
const landingFor = (roles: string[]) =>
  roles.includes(ROLE_ADMIN)
    ? '/admin'
    : roles.includes(ROLE_USER)
      ? '/personel'
      : rolesCan(roles, 'dashboard')
        ? '/admin'
        : undefined;

/** What a completed sign-in answers: the token, the landing page, and what must be done first. */
export async function signedInAnswer(app: FastifyInstance, user: UserRow): Promise<LoginResponse> {
  const token = await app.tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion });
  const redirect = landingFor(user.roles);
  return {
    user: { userId: user.id, username: user.email, token, roles: user.roles },
    ...(redirect ? { redirect } : {}),
    ...(user.mustChangePassword ? { passwordChangeRequired: true as const } : {}),
    ...(twoFactorRequired(app, user) && !user.totpEnabledAt ? { twoFactorSetupRequired: true as const } : {}),
  };
}

/**
 * A refused sign-in; with `captchaRequired` the browser shows the captcha for the next attempt.
 * A 429 says in Retry-After when the limit's window ends (with a captcha, an account's ceiling
 * may be passed sooner).
 */
const refuse = (
  reply: FastifyReply,
  status: 401 | 429,
  message: string,
  captchaRequired = false,
  retryAfterMs?: number,
) => {
  if (status === 429) reply.header('retry-after', String(retryAfterSeconds(retryAfterMs ?? 0)));
  return reply
    .code(status)
    .send({ ...errorBody(status, message), ...(captchaRequired ? { captchaRequired } : {}) } satisfies LoginErrorBody);
};

/** How long the code step may wait after the password, and how many codes one challenge allows. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const MAX_CHALLENGE_ATTEMPTS = 5;

export const authRoutes: FastifyPluginAsyncZod<{ counters: CounterStore }> = async (app, opts) => {
  const throttle = loginThrottle(opts.counters);
  const auth = authRepository(app.db);
  const twoFactor = twoFactorService(app, opts.counters);

  const signedIn = (user: UserRow) => signedInAnswer(app, user);
  // The contact form's captcha: same challenges (GET /api/captcha/challenge), each accepted once.
  const captcha = appCaptcha(app);
  const auditRefusal = refusalAudit(app);

  app.post(
    API.login,
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        operationId: 'login',
        summary: 'Sign in with an e-mail address and password',
        body: loginRequest,
        response: { 200: z.union([loginResponse, loginChallengeResponse]), 401: loginErrorBody, 429: loginErrorBody },
      },
    },
    async (req, reply) => {
      const { username, password } = req.body;
      // Every sign-in is in the audit trail with the address it came from, the password never. A
      // failure names the account only when one has that address: anything else typed as the
      // name (a password, by mistake) is not kept. Refusals are counted per address (refusal-audit.ts).
      const audit = (action: 'sign-in' | 'sign-in-failed', userId: number | null = null) =>
        recordAudit(
          app.db,
          { area: 'session', action, userId, email: userId === null ? null : username, recordId: userId },
          req,
        );
      const deny = async (
        status: 401 | 429,
        message: string,
        captchaRequired = false,
        userId: number | null = null,
        retryAfterMs?: number,
      ) => {
        if (status === 401) await audit('sign-in-failed', userId);
        else await auditRefusal(req, username);
        return refuse(reply, status, message, captchaRequired, retryAfterMs);
      };
      // Counted before the password is checked, atomically with the check of every limit
      // (docs/decisions/0015-login-limits.md): parallel guesses cannot pass a limit.
      let attempt = await throttle.begin(username, req.ip);
      if (attempt.refused === 'captcha') {
        // Past the account's ceiling: only an attempt with a newly solved captcha goes on.
        const wait = attempt.retryAfterMs;
        if (!req.body.captcha) return deny(429, MSG.loginCaptchaRequired, true, null, wait);
        if (!(await captcha.verify(req.body.captcha))) return deny(429, MSG.captchaFailed, true, null, wait);
        attempt = await throttle.begin(username, req.ip, { captchaSolved: true });
      }
      if (attempt.refused)
        return deny(
          429,
          attempt.refused === 'captcha' ? MSG.loginCaptchaRequired : MSG.tooManyLogins,
          false,
          null,
          attempt.retryAfterMs,
        );
      let user, ok;
      try {
        user = await usersRepository(app.db).findByEmail(username);
        // Same work and same answer for an unknown user and a wrong password.
        ok = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, password);
      } catch (err) {
        // Not checked (the database failed): not a failure either.
        await attempt.abandoned().catch(() => {});
        throw err;
      }
      // The attempt stays counted as a failure.
      if (!user || !ok) return deny(401, STAFF_MSG.loginFailed, attempt.captchaRequired, user?.id ?? null);
      await attempt.succeeded();
      // The code step has its own limits: a few codes per challenge, and per account (two-factor.ts).
      // The sign-in is audited once complete: here, or after the code step.
      if (user.totpEnabledAt) {
        return { twoFactorRequired: true as const, challenge: await auth.createChallenge(user.id, CHALLENGE_TTL_MS) };
      }
      await audit('sign-in', user.id);
      return signedIn(user);
    },
  );

  app.post(
    API.loginTwoFactor,
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        operationId: 'loginTwoFactor',
        summary: 'Finish a sign-in with a two-factor or recovery code',
        body: loginTwoFactorRequest,
        response: { 200: loginResponse, 401: loginErrorBody, 429: loginErrorBody },
      },
    },
    async (req, reply) => {
      const { challenge, code } = req.body;
      // Spent before the code is checked: parallel guesses cannot pass the challenge's limit.
      const userId = await auth.spendChallengeAttempt(challenge, MAX_CHALLENGE_ATTEMPTS);
      const user = userId === undefined ? undefined : await usersRepository(app.db).findById(userId);
      if (!user?.totpEnabledAt) return refuse(reply, 401, STAFF_MSG.twoFactorChallengeExpired);
      if (!(await twoFactor.verify(user, code, 'sign-in', req)))
        return refuse(reply, 401, STAFF_MSG.twoFactorCodeInvalid);
      await auth.deleteChallenge(challenge);
      await recordAudit(
        app.db,
        { area: 'session', action: 'sign-in', userId: user.id, email: user.email, recordId: user.id },
        req,
      );
      return signedIn(user);
    },
  );

  app.post(
    API.logout,
    {
      config: { access: 'authenticated', whileRestricted: true },
      schema: {
        tags: ['session'],
        operationId: 'logout',
        summary: 'Sign out: the token in use stops working',
        response: { 200: messageBody, 401: errorSchema, 403: errorSchema },
      },
    },
    async (req) => {
      const { userId, jti, tokenExpiresAt } = req.principal!;
      await auth.revokeToken(jti, tokenExpiresAt);
      await auditAuthEvent(app, 'logout', { actorId: userId, targetId: userId }, req);
      return { message: MSG.loggedOut };
    },
  );

  app.get(
    API.authorized,
    {
      config: { access: 'authenticated', whileRestricted: true },
      schema: {
        tags: ['session'],
        operationId: 'getSignedInUser',
        summary: 'Who is signed in, and with which roles',
        response: { 200: authorizedResponse, 401: errorSchema },
      },
    },
    async (req) => ({
      authorized: true,
      userId: req.principal!.userId,
      username: req.principal!.email,
      roles: req.principal!.roles,
    }),
  );
};
