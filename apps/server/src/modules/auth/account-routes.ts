import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordRequest,
  loginResponse,
  twoFactorCodeRequest,
  twoFactorEnableResponse,
  twoFactorSetupResponse,
  twoFactorStatus,
} from '@app/shared/schemas/auth';
import { errorBody, idParam, messageBody } from '@app/shared/schemas/common';
import { MSG } from '@app/shared/messages';
import { STAFF_MSG } from '@app/shared/messages/staff';
import type { CounterStore } from '../../lib/counter-store';
import { badRequest, notFound, tooManyRequests } from '../../lib/http-error';
import { usersRepository } from '../users';
import { hashPassword, verifyPassword } from '../../lib/password-hashing';
import { loginThrottle } from './login-throttle';
import { twoFactorService } from './two-factor';
import { signedInAnswer } from './routes';
import { auditAuthEvent } from './audit-events';
import { recordAudit } from '../audit';
import { STAFF_API } from '@app/shared/api-paths-staff';
import { profileForm, profileSchema } from '@app/shared/schemas/profile';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };

/**
 * The signed-in person's own account: two-factor, password, sign out everywhere. Every staff
 * member may use them; all but turning two-factor off also answer while the account must first
 * change its password or set up two-factor (`whileRestricted`).
 */
export const accountRoutes: FastifyPluginAsyncZod<{ counters: CounterStore }> = async (app, opts) => {
  const users = usersRepository(app.db);
  const twoFactor = twoFactorService(app, opts.counters);
  const throttle = loginThrottle(opts.counters);
  const tags = ['account'];
  const mine = { access: 'authenticated', whileRestricted: true } as const;

  app.get(
    STAFF_API.account2fa,
    {
      config: mine,
      schema: {
        tags,
        operationId: 'getTwoFactorStatus',
        summary: 'Whether two-factor sign-in is on for your account, and recovery codes left',
        response: { 200: twoFactorStatus, ...errors },
      },
    },
    (req) => twoFactor.status(req.principal!.userId),
  );

  app.post(
    STAFF_API.account2faSetup,
    {
      config: mine,
      schema: {
        tags,
        operationId: 'setUpTwoFactor',
        summary: 'Start setting up two-factor sign-in: a new secret for an authenticator app',
        response: { 200: twoFactorSetupResponse, ...errors },
      },
    },
    (req) => twoFactor.setup(req.principal!.userId),
  );

  app.post(
    STAFF_API.account2faEnable,
    {
      config: mine,
      schema: {
        tags,
        operationId: 'enableTwoFactor',
        summary: 'Turn two-factor sign-in on with a code from the app; answers the recovery codes',
        body: twoFactorCodeRequest,
        response: { 200: twoFactorEnableResponse, ...errors },
      },
    },
    (req) => twoFactor.enable(req.principal!.userId, req.body.code, req),
  );

  app.post(
    STAFF_API.account2faDisable,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        operationId: 'disableTwoFactor',
        summary: 'Turn two-factor sign-in off with a current code',
        body: twoFactorCodeRequest,
        response: { 200: messageBody, ...errors },
      },
    },
    async (req) => {
      await twoFactor.disable(req.principal!.userId, req.body.code, req);
      return { message: STAFF_MSG.twoFactorDisabled };
    },
  );

  app.post(
    STAFF_API.accountPassword,
    {
      config: mine,
      schema: {
        tags,
        operationId: 'changePassword',
        summary: 'Change your own password; answers a new token (the others stop working)',
        body: changePasswordRequest,
        response: { 200: loginResponse, ...errors },
      },
    },
    async (req) => {
      const { userId, email } = req.principal!;
      // The current password is guessed as at sign-in, so the same limits apply.
      const attempt = await throttle.begin(email, req.ip);
      if (attempt.refused) throw tooManyRequests(MSG.tooManyLogins, attempt.retryAfterMs);
      const user = await users.findById(userId);
      if (!user) throw notFound(MSG.userNotFound);
      if (!(await verifyPassword(user.passwordHash, req.body.currentPassword))) {
        // Guessed like a sign-in, so audited like a failed one (the password never).
        await recordAudit(app.db, { area: 'session', action: 'password-change-failed', recordId: userId }, req);
        // A 400, not a 401: the session itself is fine.
        throw badRequest(STAFF_MSG.currentPasswordWrong, [
          { field: 'currentPassword', message: STAFF_MSG.currentPasswordWrong },
        ]);
      }
      await attempt.succeeded();
      await users.setOwnPassword(userId, await hashPassword(req.body.newPassword));
      await recordAudit(
        app.db,
        { area: 'users', action: 'password-change', recordId: userId, changes: { password: { changed: true } } },
        req,
      );
      // Every older token is revoked with the change: this session goes on with a new one.
      return signedInAnswer(app, (await users.findById(userId))!);
    },
  );

  const profileOf = async (userId: number) => {
    const user = await users.findById(userId);
    if (!user) throw notFound(MSG.userNotFound);
    return { email: user.email, displayName: user.displayName ?? '', roles: user.roles };
  };
  app.get(
    STAFF_API.accountProfile,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        operationId: 'getProfile',
        summary: 'Your profile: e-mail address, display name and roles',
        response: { 200: profileSchema, ...errors },
      },
    },
    (req) => profileOf(req.principal!.userId),
  );
  app.put(
    STAFF_API.accountProfile,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        operationId: 'saveProfile',
        summary: 'Set your display name, the default "Posted By" of the posts you write',
        body: profileForm,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (req) => {
      const { userId } = req.principal!;
      const before = (await profileOf(userId)).displayName;
      await users.setDisplayName(userId, req.body.displayName);
      if (before !== req.body.displayName)
        await recordAudit(
          app.db,
          {
            area: 'users',
            action: 'update-profile',
            recordId: userId,
            changes: { displayName: { from: before, to: req.body.displayName } },
          },
          req,
        );
      return profileOf(userId);
    },
  );

  app.post(
    STAFF_API.accountSignOutEverywhere,
    {
      config: mine,
      schema: {
        tags,
        operationId: 'signOutEverywhere',
        summary: 'Sign yourself out on every device',
        response: { 200: messageBody, ...errors },
      },
    },
    async (req) => {
      const { userId } = req.principal!;
      await users.revokeAllTokens(userId);
      await auditAuthEvent(app, 'sign-out-everywhere', { actorId: userId, targetId: userId }, req);
      return { message: STAFF_MSG.ownSignedOutEverywhere };
    },
  );
};

/** An administrator's actions on another person's sessions and two-factor. */
export const userSessionRoutes: FastifyPluginAsyncZod<{ counters: CounterStore }> = async (app, opts) => {
  const users = usersRepository(app.db);
  const twoFactor = twoFactorService(app, opts.counters);
  const tags = ['users'];
  const admin = { access: 'users' } as const;

  app.post(
    STAFF_API.userSignOutEverywhere,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'signUserOutEverywhere',
        summary: 'Sign a user out on every device (their tokens stop working)',
        params: idParam,
        response: { 200: messageBody, ...errors },
      },
    },
    async (req) => {
      const [actorId, targetId] = [req.principal!.userId, req.params.id];
      if (!(await users.revokeAllTokens(targetId))) throw notFound(MSG.userNotFound);
      await auditAuthEvent(app, 'sign-out-everywhere', { actorId, targetId }, req);
      return { message: STAFF_MSG.signedOutEverywhere };
    },
  );

  app.post(
    STAFF_API.userReset2fa,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'resetUserTwoFactor',
        summary: "Turn a user's two-factor sign-in off, for one who lost their device",
        params: idParam,
        response: { 200: messageBody, ...errors },
      },
    },
    async (req) => {
      await twoFactor.reset(req.principal!.userId, req.params.id, req);
      return { message: STAFF_MSG.twoFactorReset };
    },
  );
};
