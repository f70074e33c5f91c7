/**
 * The one SMTP failure classifier, for the delivery worker and the test send alike: what staff are
 * told when mail cannot go out (a kind of failure in our own words, never the remote server's
 * banner or reply: a test send must not read out what answers on some host and port), the SMTP
 * status code where there is one, and whether the failure is permanent (the worker stops trying).
 * The texts are in the message catalogue (packages/shared/src/messages/mail.ts); see
 * docs/decisions/0014-mail-hardening.md.
 */
import type { SmtpError } from './transport';
import { MAIL_MSG } from '@app/shared/messages/mail';

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
  /**
   * Sending the same mail again unchanged cannot succeed: the server refused for good (5xx), the
   * credentials are wrong, or the library cannot build or address the message. Everything else
   * (network, timeouts, 4xx) may pass later.
   */
  permanent: boolean;
}

function isPermanent(err: SmtpError): boolean {
  if (err.code === 'EAUTH' || err.code === 'ENOAUTH') return true;
  if (typeof err.responseCode === 'number') return err.responseCode >= 500;
  // A message nodemailer cannot build or address will not get better by waiting.
  return err.code === 'EENVELOPE' || err.code === 'EMESSAGE';
}

const CONNECT_FAILED = /\b(ECONNREFUSED|EHOSTUNREACH|ENETUNREACH|EHOSTDOWN|ENOTFOUND|EAI_AGAIN|EADDRNOTAVAIL)\b/;
const TIMED_OUT = /\bETIMEDOUT\b/;
// Node's own TLS and certificate messages (local text, not the server's).
const TLS_FAILED = /\b(SSL|TLS|certificate|altnames|self[- ]signed|wrong version number|handshake)\b/i;

/**
 * Sorts a nodemailer error into a kind and says whether it is permanent. Nodemailer replaces the system code (ECONNREFUSED …) with
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
  return { kind, reason, permanent: isPermanent(err), ...(responseCode !== undefined ? { responseCode } : {}) };
}

/** For the server log only (operators): the error as nodemailer reported it, on one line and short. */
export const failureDetail = (err: SmtpError): string =>
  String(err.response ?? err.message ?? err)
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
