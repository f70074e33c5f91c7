import crypto from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginChallenges, recoveryCodes, revokedTokens } from '../../db/schema';

/** Only the SHA-256 of a challenge is stored: a database reader cannot finish someone's sign-in. */
const challengeId = (challenge: string) => crypto.createHash('sha256').update(challenge).digest('hex');

/**
 * The only code that reads or writes recovery_codes, login_challenges and revoked_tokens. All in
 * the database, so that several instances on one PostgreSQL agree.
 */
export const authRepository = (db: Db) => ({
  /** Ends one token until it would have expired anyway; forgets tokens that have expired. */
  revokeToken: async (jti: string, expiresAt: Date): Promise<void> => {
    await db.insert(revokedTokens).values({ jti, expiresAt }).onConflictDoNothing();
    await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, sql`now()`));
  },
  isRevoked: async (jti: string): Promise<boolean> =>
    (await db.select({ jti: revokedTokens.jti }).from(revokedTokens).where(eq(revokedTokens.jti, jti))).length > 0,

  /** A new challenge for the code step; the returned text is handed out, its hash is kept. */
  createChallenge: async (userId: number, ttlMs: number): Promise<string> => {
    const challenge = crypto.randomBytes(32).toString('base64url');
    await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, sql`now()`));
    await db
      .insert(loginChallenges)
      .values({ id: challengeId(challenge), userId, expiresAt: new Date(Date.now() + ttlMs) });
    return challenge;
  },
  /**
   * Spends one attempt of a live challenge, before its code is checked (as the password limits
   * count before the check, docs/decisions/0015-login-limits.md): parallel guesses cannot pass the
   * limit. Undefined: unknown, expired or out of attempts.
   */
  spendChallengeAttempt: async (challenge: string, maxAttempts: number): Promise<number | undefined> =>
    (
      await db
        .update(loginChallenges)
        .set({ attempts: sql`${loginChallenges.attempts} + 1` })
        .where(
          and(
            eq(loginChallenges.id, challengeId(challenge)),
            lt(loginChallenges.attempts, maxAttempts),
            gt(loginChallenges.expiresAt, sql`now()`),
          ),
        )
        .returning({ userId: loginChallenges.userId })
    )[0]?.userId,
  deleteChallenge: async (challenge: string): Promise<void> => {
    await db.delete(loginChallenges).where(eq(loginChallenges.id, challengeId(challenge)));
  },

  replaceRecoveryCodes: (userId: number, hashes: string[]) =>
    db.transaction(async (tx) => {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      if (hashes.length) await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
    }),
  unusedRecoveryCodes: (userId: number) =>
    db
      .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
  /** Marks a code used; false when another request used it first. */
  useRecoveryCode: async (id: number): Promise<boolean> =>
    (
      await db
        .update(recoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(recoveryCodes.id, id), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id })
    ).length > 0,
  deleteRecoveryCodes: async (userId: number): Promise<void> => {
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  },
});

export type AuthRepository = ReturnType<typeof authRepository>;
