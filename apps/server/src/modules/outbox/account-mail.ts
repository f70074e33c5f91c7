import { decrypt, encrypt } from '../../lib/crypto';
import type { MailboxRow } from '../mail-settings';
import { oneLine } from './compose';
import type { OutboxRow } from './outbox-repository';
import type { Outgoing } from './transport';

/**
 * An account link's mail (an invitation, a password reset): its text holds a one-time link, so
 * the outbox keeps it sealed with the mailbox key until the worker sends it (then it is emptied).
 */
export const sealAccountText = (key: Buffer, text: string): string => encrypt(key, text);

/** The mail to the one person the link is for, from the active mailbox's address. */
export function composeAccountMail(row: OutboxRow & { messageId: string }, mailbox: MailboxRow, key: Buffer): Outgoing {
  return {
    from: mailbox.username.trim() || row.email,
    to: [row.email],
    subject: oneLine(row.subject ?? ''),
    text: decrypt(key, row.message),
    messageId: row.messageId,
  };
}
