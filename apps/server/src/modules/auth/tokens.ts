import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const ALG = 'HS256';

export interface TokenClaims {
  userId: number;
  tokenVersion: number;
}

export interface VerifiedToken extends TokenClaims {
  /** The token's own id: Log Out revokes this one token (the revoked_tokens table). */
  jti: string;
  expiresAt: Date;
}

/** `ttlSeconds`: SESSION_TTL (config.ts). */
export function createTokenService(key: Uint8Array, ttlSeconds: number) {
  return {
    ttlSeconds,
    sign: ({ userId, tokenVersion }: TokenClaims) =>
      new SignJWT({ ver: tokenVersion })
        .setProtectedHeader({ alg: ALG })
        .setSubject(String(userId))
        .setJti(crypto.randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    /** Returns the claims, or null for a forged, malformed or expired token. */
    async verify(token: string): Promise<VerifiedToken | null> {
      try {
        // jose accepts a token without `exp` unless told otherwise: such a token would never expire.
        // A token signed before tokens had a `jti` cannot be logged out on its own: refused, so
        // an upgrade signs everybody in once more.
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALG],
          requiredClaims: ['exp', 'iat', 'sub', 'jti'],
          maxTokenAge: `${ttlSeconds}s`,
        });
        const userId = Number(payload.sub);
        const ver = payload['ver'];
        if (!Number.isInteger(userId) || typeof ver !== 'number' || typeof payload.jti !== 'string') return null;
        return { userId, tokenVersion: ver, jti: payload.jti, expiresAt: new Date(payload.exp! * 1000) };
      } catch {
        return null;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
