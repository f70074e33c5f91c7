import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. */
const PERIOD = 30;
const ISSUER = 'Redwall';

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpFor = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/** The `otpauth://` URL an authenticator app reads from the QR code. */
export const otpauthUrl = (secret: string, email: string): string => totpFor(secret, email).toString();

/**
 * The 30-second step the code belongs to, or null when it is not valid now. One step either side
 * is accepted for clocks that drift and codes typed at the turn of a step.
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/** A code as the user may type it: spaces and dashes are ignored, letters in any case. */
export const normalizeCode = (code: string): string => code.replace(/[\s-]/g, '').toLowerCase();
export const isTotpCode = (normalized: string): boolean => /^\d{6}$/.test(normalized);

/** Base32 without look-alikes: 10 characters, 50 bits each, shown as xxxxx-xxxxx. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]!).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}
