import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROLE_ADMIN } from '@app/shared/constants';
import { MSG } from '@app/shared/messages';
import { STAFF_MSG } from '@app/shared/messages/staff';
import type { TwoFactorEnableResponse, TwoFactorSetupResponse, TwoFactorStatus } from '@app/shared/schemas/auth';
import { decrypt, encrypt } from '../../lib/crypto';
import { deriveKey } from '../../lib/secret';
import { badRequest, conflict, notFound, tooManyRequests } from '../../lib/http-error';
import type { CounterStore } from '../../lib/counter-store';
import { usersRepository, type UserRow } from '../users';
import { authRepository } from './repository';
import { hashPassword, verifyPassword } from '../../lib/password-hashing';
import { auditAuthEvent } from './audit-events';
import { LOGIN_WINDOW_MS } from './login-throttle';
import { isTotpCode, newRecoveryCodes, newTotpSecret, normalizeCode, otpauthUrl, totpStep } from './totp';

/** Wrong codes per account within the sign-in window, over every challenge and the turn-off form. */
export const MAX_CODE_FAILURES_PER_ACCOUNT = 10;

const codeKey = (userId: number) => `login:2fa:${userId}`;

export const twoFactorRequired = (app: FastifyInstance, user: Pick<UserRow, 'roles'>) =>
  app.config.requireTwoFactor && user.roles.includes(ROLE_ADMIN);

/** Two-factor sign-in (docs/security.md): set-up, codes, recovery codes, turning off and reset. */
export function twoFactorService(app: FastifyInstance, counters: CounterStore) {
  const users = usersRepository(app.db);
  const auth = authRepository(app.db);
  const key = deriveKey(app.secret, 'totp');

  async function mustFind(id: number) {
    const user = await users.findById(id);
    if (!user) throw notFound(MSG.userNotFound);
    return user;
  }

  /** The stored secret in clear; null when SECRET_KEY changed since (recovery codes still work). */
  function secretOf(user: UserRow): string | null {
    try {
      return user.totpSecret ? decrypt(key, user.totpSecret) : null;
    } catch {
      app.log.warn({ userId: user.id }, 'two-factor secret unreadable: was SECRET_KEY changed?');
      return null;
    }
  }

  /** A TOTP code not accepted before, or an unused recovery code (then spent). */
  async function codeMatches(user: UserRow, code: string): Promise<boolean> {
    if (!user.totpSecret) return false;
    const normalized = normalizeCode(code);
    if (isTotpCode(normalized)) {
      const secret = secretOf(user);
      const step = secret === null ? null : totpStep(secret, normalized);
      return step !== null && (await users.claimTotpStep(user.id, step));
    }
    if (normalized.length !== 10) return false;
    const unused = await auth.unusedRecoveryCodes(user.id);
    const checks = await Promise.all(
      unused.map(async (c) => ((await verifyPassword(c.codeHash, normalized)) ? c : undefined)),
    );
    const match = checks.find(Boolean);
    return !!match && (await auth.useRecoveryCode(match.id));
  }

  return {
    async status(userId: number): Promise<TwoFactorStatus> {
      const user = await mustFind(userId);
      const left = user.totpEnabledAt ? (await auth.unusedRecoveryCodes(userId)).length : 0;
      return { enabled: !!user.totpEnabledAt, recoveryCodesLeft: left, required: twoFactorRequired(app, user) };
    },

    /** A new secret, in force once `enable` receives a code made with it. */
    async setup(userId: number): Promise<TwoFactorSetupResponse> {
      const user = await mustFind(userId);
      if (user.totpEnabledAt) throw conflict(STAFF_MSG.twoFactorAlreadyEnabled);
      const secret = newTotpSecret();
      if (!(await users.setPendingTotpSecret(userId, encrypt(key, secret))))
        throw conflict(STAFF_MSG.twoFactorAlreadyEnabled);
      return { secret, otpauthUrl: otpauthUrl(secret, user.email) };
    },

    async enable(userId: number, code: string, req?: FastifyRequest): Promise<TwoFactorEnableResponse> {
      const user = await mustFind(userId);
      if (user.totpEnabledAt) throw conflict(STAFF_MSG.twoFactorAlreadyEnabled);
      if (!user.totpSecret) throw conflict(STAFF_MSG.twoFactorNotSetUp);
      const normalized = normalizeCode(code);
      const secret = secretOf(user);
      const step = isTotpCode(normalized) && secret !== null ? totpStep(secret, normalized) : null;
      if (step === null || !(await users.claimTotpStep(userId, step))) {
        throw badRequest(STAFF_MSG.twoFactorCodeInvalid, [{ field: 'code', message: STAFF_MSG.twoFactorCodeInvalid }]);
      }
      const recoveryCodes = newRecoveryCodes();
      await auth.replaceRecoveryCodes(
        userId,
        await Promise.all(recoveryCodes.map((c) => hashPassword(normalizeCode(c)))),
      );
      if (!(await users.enableTotp(userId))) throw conflict(STAFF_MSG.twoFactorAlreadyEnabled);
      await auditAuthEvent(app, 'two-factor-enabled', { actorId: userId, targetId: userId }, req);
      return { recoveryCodes };
    },

    /**
     * Checks a code for a signed-in step (sign-in, turning off), within the account's limit of
     * wrong codes. Throws 429 past the limit; a wrong code is audited and answers false.
     */
    async verify(user: UserRow, code: string, reason: string, req?: FastifyRequest): Promise<boolean> {
      const r = await counters.reserve(
        [{ key: codeKey(user.id), max: MAX_CODE_FAILURES_PER_ACCOUNT }],
        LOGIN_WINDOW_MS,
      );
      if (!r.granted) throw tooManyRequests(MSG.tooManyLogins, await counters.expiresIn(codeKey(user.id)));
      let ok: boolean;
      try {
        ok = await codeMatches(user, code);
      } catch (err) {
        // Not checked (the database failed): not a failure either.
        await counters.release([codeKey(user.id)]).catch(() => {});
        throw err;
      }
      if (ok) await counters.release([codeKey(user.id)]);
      if (!ok) await auditAuthEvent(app, 'two-factor-failed', { actorId: user.id, targetId: user.id, reason }, req);
      return ok;
    },

    async disable(userId: number, code: string, req?: FastifyRequest): Promise<void> {
      const user = await mustFind(userId);
      if (!user.totpEnabledAt) throw conflict(STAFF_MSG.twoFactorNotEnabled);
      if (twoFactorRequired(app, user)) throw conflict(STAFF_MSG.twoFactorRequiredForAdmins);
      if (!(await this.verify(user, code, 'turn-off', req))) {
        throw badRequest(STAFF_MSG.twoFactorCodeInvalid, [{ field: 'code', message: STAFF_MSG.twoFactorCodeInvalid }]);
      }
      await users.clearTotp(userId);
      await auth.deleteRecoveryCodes(userId);
      await auditAuthEvent(app, 'two-factor-disabled', { actorId: userId, targetId: userId }, req);
    },

    /** An administrator turns off someone's two-factor (a lost phone); they set it up again. */
    async reset(actorId: number, userId: number, req?: FastifyRequest): Promise<void> {
      await mustFind(userId);
      await users.clearTotp(userId);
      await auth.deleteRecoveryCodes(userId);
      await auditAuthEvent(app, 'two-factor-reset', { actorId, targetId: userId }, req);
    },
  };
}

export type TwoFactorService = ReturnType<typeof twoFactorService>;
