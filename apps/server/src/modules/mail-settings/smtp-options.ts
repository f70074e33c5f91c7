import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { decrypt } from '../../lib/crypto';
import type { MailboxRow } from './mailboxes-repository';

/** The stored password cannot be decrypted with this key (the server secret changed?). */
export class UnreadablePasswordError extends Error {
  constructor() {
    super('The mailbox password cannot be decrypted with the current key.');
  }
}

/**
 * The one way a mailbox becomes SMTP settings as nodemailer takes them, for the delivery worker
 * and the test mail alike: host and port, TLS, the decrypted password, the mailbox's timeouts.
 * Throws UnreadablePasswordError when the stored password cannot be decrypted.
 */
export function smtpOptionsFor(mailbox: MailboxRow, key: Buffer): SMTPTransport.Options {
  let password: string | undefined;
  try {
    password = mailbox.passwordEnc ? decrypt(key, mailbox.passwordEnc) : undefined;
  } catch {
    throw new UnreadablePasswordError();
  }
  return {
    host: mailbox.host,
    port: mailbox.port,
    // 465 is TLS from the first byte; elsewhere StartTLS is required when enabled, else never tried.
    secure: mailbox.port === 465,
    requireTLS: mailbox.starttlsEnable && mailbox.port !== 465,
    ignoreTLS: !mailbox.starttlsEnable && mailbox.port !== 465,
    auth: mailbox.auth ? { user: mailbox.username, pass: password ?? '' } : undefined,
    connectionTimeout: mailbox.connectionTimeout,
    greetingTimeout: mailbox.timeout,
    socketTimeout: Math.max(mailbox.timeout, mailbox.writeTimeout),
    // Nodemailer would otherwise log through its own logger; failures are reported by the caller.
    logger: false,
  };
}
