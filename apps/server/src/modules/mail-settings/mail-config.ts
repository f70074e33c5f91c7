import { deriveKey } from '../../lib/secret';

/** The AES-256-GCM key of the mailbox passwords at rest, derived from the server secret. */
export const mailboxKey = (secret: string): Buffer => deriveKey(secret, 'mailbox');

/** The host of the public URL names our Message-IDs. */
export function messageIdDomain(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || 'redwall.local';
  } catch {
    return 'redwall.local';
  }
}
