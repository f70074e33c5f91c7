import { SignJWT, jwtVerify } from 'jose';

const ALG = 'HS256';
const TTL = '8h';

export interface TokenClaims {
  userId: number;
  tokenVersion: number;
}

export function createTokenService(key: Uint8Array) {
  return {
    sign: ({ userId, tokenVersion }: TokenClaims) =>
      new SignJWT({ ver: tokenVersion })
        .setProtectedHeader({ alg: ALG })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(TTL)
        .sign(key),
    /** Returns the claims, or null for a forged, malformed or expired token. */
    async verify(token: string): Promise<TokenClaims | null> {
      try {
        // jose accepts a token without `exp` unless told otherwise: such a token would never expire.
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALG],
          requiredClaims: ['exp', 'iat', 'sub'],
          maxTokenAge: TTL,
        });
        const userId = Number(payload.sub);
        const ver = payload['ver'];
        if (!Number.isInteger(userId) || typeof ver !== 'number') return null;
        return { userId, tokenVersion: ver };
      } catch {
        return null;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
