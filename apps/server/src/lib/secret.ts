import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** SECRET_KEY, else a random key kept in the data folder so tokens survive a restart. */
export function resolveSecret(secretKey: string | undefined, dataDir: string): string {
  if (secretKey) return secretKey;
  const file = path.join(dataDir, 'secret.key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const key = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/**
 * A sub-key for one purpose, so the token key and the encryption key are never the same bytes.
 * The salt is the project's first name and stays it: another would make every stored mailbox
 * password unreadable and sign everyone out.
 */
export const deriveKey = (secret: string, purpose: string): Buffer =>
  Buffer.from(crypto.hkdfSync('sha256', secret, 'sentinel-site', purpose, 32));
