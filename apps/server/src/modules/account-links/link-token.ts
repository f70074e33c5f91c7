import crypto from 'node:crypto';

/** A link's token: 32 random bytes, base64url. Only its SHA-256 is stored. */
export function newLinkToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export const hashLinkToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');
