/**
 * What a mailbox may be: which ports it may connect to (checked when a provider or mailbox is
 * saved, and again before the worker or a test send connects), and what staff are told when the
 * active mailbox cannot be used. The texts are in the message catalogue
 * (packages/shared/src/messages/mail.ts); see docs/decisions/0014-mail-hardening.md.
 */
import { MAIL_MSG } from '@app/shared/messages/mail';

/** SMTP's own ports: submission (587), submission over TLS (465), relay (25) and the common alternative (2525). */
export const SMTP_PORTS: readonly number[] = [25, 465, 587, 2525];

/** Whether a mailbox may connect to this port: an SMTP port, or one the configuration allows (SMTP_ALLOWED_PORTS). */
export const smtpPortAllowed = (port: number, allowed: readonly number[]): boolean =>
  SMTP_PORTS.includes(port) || allowed.includes(port);

export const portNotAllowed = MAIL_MSG.portNotAllowed;

export const MAIL_TEXT = {
  /** Test send through a mailbox that signs in but has no password (cleared when its destination changed). */
  passwordMissing: MAIL_MSG.passwordMissing,
  /** Delivery waits: the active mailbox signs in but has no password. */
  activePasswordMissing: MAIL_MSG.activePasswordMissing,
  /** Delivery waits: the active mailbox's port is not allowed. */
  activePortNotAllowed: MAIL_MSG.activePortNotAllowed,
  /** Delivery waits: the stored password cannot be decrypted. */
  passwordUnreadable: MAIL_MSG.passwordUnreadable,
} as const;
