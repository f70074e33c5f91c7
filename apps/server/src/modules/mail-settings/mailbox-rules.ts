/**
 * What a mailbox may be: which ports it may connect to (checked when a provider or mailbox is
 * saved, and again before the worker or a test send connects), and what staff are told when the
 * active mailbox cannot be used. The texts live here until they move to the shared messages; see
 * docs/decisions/0014-mail-hardening.md.
 */

/** SMTP's own ports: submission (587), submission over TLS (465), relay (25) and the common alternative (2525). */
export const SMTP_PORTS: readonly number[] = [25, 465, 587, 2525];

/** Whether a mailbox may connect to this port: an SMTP port, or one the configuration allows (SMTP_ALLOWED_PORTS). */
export const smtpPortAllowed = (port: number, allowed: readonly number[]): boolean =>
  SMTP_PORTS.includes(port) || allowed.includes(port);

export const portNotAllowed = (port: number): string =>
  `Port ${port} is not an SMTP port: use 25, 465, 587 or 2525 (the server's SMTP_ALLOWED_PORTS setting can allow others).`;

export const MAIL_TEXT = {
  /** Test send through a mailbox that signs in but has no password (cleared when its destination changed). */
  passwordMissing: 'This mailbox has no password: enter it on the mailbox and save, then try again.',
  /** Delivery waits: the active mailbox signs in but has no password. */
  activePasswordMissing:
    'The active mailbox has no password (it is cleared when the host, port, username, protocol or provider change): enter it again and save the mailbox.',
  /** Delivery waits: the active mailbox's port is not allowed. */
  activePortNotAllowed: (port: number) => `The active mailbox cannot be used. ${portNotAllowed(port)}`,
  /** Delivery waits: the stored password cannot be decrypted. */
  passwordUnreadable:
    'The active mailbox password cannot be read (the server secret changed?): save the mailbox password again.',
} as const;
