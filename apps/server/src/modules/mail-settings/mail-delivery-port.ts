import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Db } from '../../db/client';

/** A test mail: from, to, subject, text and a Message-ID; nothing else. */
export interface TestMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  messageId: string;
}

/** A test send's outcome: on failure, the message for staff and, for the server log only, what happened. */
export type TestSendOutcome =
  | { ok: true }
  | { ok: false; message: string; log: { kind: string; responseCode?: number; code?: string; detail: string } };

/**
 * What the mail settings need of delivery (the outbox implements it; modules/index.ts hands it
 * over), so that the settings never import the outbox that reads them.
 */
export interface MailDelivery {
  /** Waiting messages are tried at once: a mailbox was saved, or its test send worked. */
  retryWaiting(db: Db): Promise<void>;
  /** Sends one mail now, outside the queue, and classifies a failure (never the server's words). */
  sendTestMail(smtp: SMTPTransport.Options, mail: TestMail): Promise<TestSendOutcome>;
}
