/**
 * What staff are told when mail cannot go out: a kind of failure in our own words, never the remote
 * server's banner or reply (a test send must not read out what answers on some host and port), and
 * the SMTP status code where there is one. The texts are in the message catalogue
 * (packages/shared/src/messages/mail.ts); see docs/decisions/0014-mail-hardening.md.
 */
import type { SmtpError } from './transport';
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

export type FailureKind = 'refused' | 'timeout' | 'tls' | 'auth' | 'rejected' | 'unknown';

export const FAILURE_TEXT = {
  refused: MAIL_MSG.smtpRefused,
  timeout: MAIL_MSG.smtpTimeout,
  tls: MAIL_MSG.smtpTls,
  auth: MAIL_MSG.smtpAuth,
  rejected: MAIL_MSG.smtpRejected,
  unknown: MAIL_MSG.smtpUnknown,
} as const;

/** The test send's answer on failure. */
export const testMailFailed = MAIL_MSG.testMailFailed;

export interface Failure {
  kind: FailureKind;
  /** The SMTP reply code, when the server gave one. */
  responseCode?: number;
  /** Staff-facing, our own words. */
  reason: string;
}

const CONNECT_FAILED = /\b(ECONNREFUSED|EHOSTUNREACH|ENETUNREACH|EHOSTDOWN|ENOTFOUND|EAI_AGAIN|EADDRNOTAVAIL)\b/;
const TIMED_OUT = /\bETIMEDOUT\b/;
// Node's own TLS and certificate messages (local text, not the server's).
const TLS_FAILED = /\b(SSL|TLS|certificate|altnames|self[- ]signed|wrong version number|handshake)\b/i;

/**
 * Sorts a nodemailer error into a kind. Nodemailer replaces the system code (ECONNREFUSED …) with
 * its own (ESOCKET, ECONNECTION …) and keeps the system one only in the message, which for
 * socket errors is Node's text, never the server's.
 */
export function classifyFailure(err: SmtpError): Failure {
  const code = err.code ?? '';
  const responseCode = typeof err.responseCode === 'number' && err.responseCode >= 200 ? err.responseCode : undefined;
  const local = err.response ? '' : String(err.message ?? '');
  const kind: FailureKind =
    code === 'EAUTH' || code === 'ENOAUTH'
      ? 'auth'
      : code === 'ETLS' ||
          code === 'EREQUIRETLS' ||
          ((code === 'ESOCKET' || code === 'ECONNECTION') && TLS_FAILED.test(local))
        ? 'tls'
        : code === 'ETIMEDOUT' || TIMED_OUT.test(local)
          ? 'timeout'
          : code === 'EDNS' || CONNECT_FAILED.test(local)
            ? 'refused'
            : responseCode !== undefined
              ? 'rejected'
              : 'unknown';
  const reason = kind === 'rejected' ? FAILURE_TEXT.rejected(responseCode!) : FAILURE_TEXT[kind];
  return { kind, reason, ...(responseCode !== undefined ? { responseCode } : {}) };
}

/** For the server log only (operators): the error as nodemailer reported it, on one line and short. */
export const failureDetail = (err: SmtpError): string =>
  String(err.response ?? err.message ?? err)
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
