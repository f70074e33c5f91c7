import type { FastifyBaseLogger } from 'fastify';
import { MSG } from '@app/shared/messages';
import type { Db } from '../../db/client';
import { contentRepository } from '../content';
import {
  MAIL_TEXT,
  mailboxesRepository,
  recipientsOf,
  smtpOptionsFor,
  smtpPortAllowed,
  UnreadablePasswordError,
  type MailboxRow,
} from '../mail-settings';
import { composeMessage } from './compose';
import { composeConfirmation } from './confirmation';
import { composeAccountMail } from './account-mail';
import { composeCandidateMail } from './candidate-mail';
import { outboxRepository, type Claimed } from './outbox-repository';
import { outboxSignal } from './outbox-signal';
import { classifyFailure, failureDetail } from './smtp-failures';
import { sendMail, type Outgoing, type SmtpError } from './transport';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { MAIL_MSG } from '@app/shared/messages/mail';

export interface MailWorkerOptions {
  /** Pause between looks at the outbox when nothing is due (a stored message wakes it at once). */
  pollMs?: number;
  /**
   * Messages claimed in one pass. They are sent one after the other, each marked as on the wire
   * only just before its own transmission, so a process that dies leaves at most one message
   * whose fate is unknown (docs/decisions/0014-mail-hardening.md).
   */
  batchSize?: number;
  /** How long a claim, and then each transmission, holds; by default well beyond the mailbox's timeouts (see leaseFor). */
  leaseMs?: number;
  /** Temporary failures are retried after base·2^(attempt-1), at most max, up to maxAttempts tries. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  maxAttempts?: number;
  /** Right-hand side of the Message-IDs. */
  messageIdDomain?: string;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Ports beyond 25, 465, 587 and 2525 the active mailbox may use (SMTP_ALLOWED_PORTS). */
  smtpAllowedPorts?: readonly number[];
  /**
   * Told each attempt's recorded outcome (the metrics' mail counters): delivered; refused for good
   * by the server; failed (given up after the last attempt); deferred (tried again later).
   */
  onOutcome?: (outcome: MailOutcome, kind: Claimed['kind']) => void;
  /** Replaces the SMTP send (tests of the worker's bookkeeping only). */
  send?: (options: SMTPTransport.Options, mail: Outgoing) => Promise<string>;
}

export type MailOutcome = 'delivered' | 'refused' | 'failed' | 'deferred';

export interface MailWorker {
  start(): void;
  /** Stops polling, hands back the claimed messages not yet started and waits for the send in flight to be recorded. */
  stop(): Promise<void>;
  /** Looks at the outbox now. */
  wake(): void;
  /** One pass: claims and sends what is due; resolves with how many were claimed. */
  runOnce(): Promise<number>;
}

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * A claim must outlive the send it covers, so that no other worker takes the message over while
 * this one may still be talking to the server: connect, greeting and a few inactivity windows, with
 * a generous margin. (A server that trickles bytes forever could still outlast it.)
 */
const leaseFor = (mb: MailboxRow) =>
  mb.connectionTimeout + mb.timeout + 4 * Math.max(mb.timeout, mb.writeTimeout) + 60_000;

export function createMailWorker(db: Db, key: Buffer, options: MailWorkerOptions = {}): MailWorker {
  const opts = {
    pollMs: 1000,
    batchSize: 10,
    backoffBaseMs: 5000,
    backoffMaxMs: 60 * 60 * 1000,
    maxAttempts: 10,
    messageIdDomain: 'redwall.local',
    log: quiet,
    send: sendMail,
    smtpAllowedPorts: [] as readonly number[],
    onOutcome: () => {},
    ...options,
  };
  const outbox = outboxRepository(db);
  const mailboxes = mailboxesRepository(db);
  const content = contentRepository(db);
  const log = opts.log;

  let running = false;
  /** Set by stop(): the pass in progress starts no further transmission. */
  let stopping = false;
  let loop: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let wakeUp: (() => void) | undefined;
  let woken = false;
  let unsubscribe: (() => void) | undefined;

  const backoff = (attempts: number) => {
    const base = Math.min(opts.backoffBaseMs * 2 ** Math.max(0, attempts - 1), opts.backoffMaxMs);
    return base + Math.random() * base * 0.1; // a little jitter so retries of a burst spread out
  };

  async function record(row: Claimed, mailbox: MailboxRow, to: string[]): Promise<void> {
    const entry = {
      senderFullName: row.fullName,
      senderEmail: row.email,
      sentToMailbox: mailbox.username,
      recipients: to.join(', '),
    };
    // The server has the mail: a database hiccup now must not turn into a second send, so insist.
    for (let i = 0; ; i++) {
      try {
        if (!(await outbox.markSent(row, entry)))
          log.warn({ id: row.id }, 'sent mail was already taken over by another worker');
        return;
      } catch (err) {
        if (i >= 4) throw err;
        await new Promise((r) => setTimeout(r, 200 * 2 ** i));
      }
    }
  }

  /**
   * One message: marked as on the wire (which counts the attempt), handed to SMTP, the outcome
   * recorded. Staff see a classified reason, never the server's own text (that goes to the log).
   */
  async function deliver(
    claimed: Claimed,
    mailbox: MailboxRow,
    smtp: SMTPTransport.Options,
    staff: string[],
    companyName: string | undefined,
    leaseMs: number,
  ): Promise<void> {
    const row = await outbox.startTransmission(claimed, leaseMs);
    if (!row) {
      log.warn({ id: claimed.id }, 'claimed mail was taken over by another worker before it was sent');
      return;
    }
    // A confirmation goes to the visitor who wrote the message, an account link or a candidate mail
    // to its person; a message to staff.
    const to = row.kind === 'contact' ? staff : [row.email];
    try {
      await opts.send(
        smtp,
        row.kind === 'confirmation'
          ? composeConfirmation(row, mailbox, companyName)
          : row.kind === 'account'
            ? composeAccountMail(row, mailbox, key)
            : row.kind === 'candidate'
              ? composeCandidateMail(row, mailbox)
              : composeMessage(row, mailbox, to),
      );
    } catch (e) {
      const err = e as SmtpError;
      const { kind, responseCode, reason, permanent } = classifyFailure(err);
      const detail = {
        id: row.id,
        attempt: row.attempts,
        kind,
        responseCode,
        code: err.code,
        detail: failureDetail(err),
      };
      if (permanent) {
        log.warn(detail, 'mail refused for good');
        await outbox.fail(row, reason);
        opts.onOutcome('refused', row.kind);
      } else if (row.attempts >= opts.maxAttempts) {
        log.warn(detail, 'mail given up after the last attempt');
        await outbox.fail(row, MAIL_MSG.gaveUp(row.attempts, reason));
        opts.onOutcome('failed', row.kind);
      } else {
        log.info(detail, 'mail not delivered yet; trying again later');
        await outbox.retryLater(row, backoff(row.attempts), reason);
        opts.onOutcome('deferred', row.kind);
      }
      return;
    }
    await record(row, mailbox, to);
    opts.onOutcome('delivered', row.kind);
  }

  async function runOnce(): Promise<number> {
    const mailbox = await mailboxes.findActive();
    if (!mailbox) {
      await outbox.noteWaiting(MSG.noActiveMailbox);
      return 0;
    }
    if (!smtpPortAllowed(mailbox.port, opts.smtpAllowedPorts)) {
      await outbox.noteWaiting(MAIL_TEXT.activePortNotAllowed(mailbox.port));
      return 0;
    }
    if (mailbox.auth && !mailbox.passwordEnc) {
      await outbox.noteWaiting(MAIL_TEXT.activePasswordMissing);
      return 0;
    }
    const settings = await content.findSettings();
    const to = recipientsOf(settings?.contactRecipients, mailbox);
    if (!to.length) {
      await outbox.noteWaiting(MSG.noRecipients);
      return 0;
    }
    let smtp: SMTPTransport.Options;
    try {
      smtp = smtpOptionsFor(mailbox, key);
    } catch (err) {
      if (!(err instanceof UnreadablePasswordError)) throw err;
      await outbox.noteWaiting(MAIL_TEXT.passwordUnreadable);
      return 0;
    }
    const leaseMs = opts.leaseMs ?? leaseFor(mailbox);
    const claimed = await outbox.claim(opts.batchSize, leaseMs, opts.messageIdDomain);
    // One at a time: a message is on the wire only while it is being sent (see batchSize).
    for (let i = 0; i < claimed.length; i++) {
      if (stopping) {
        await outbox
          .release(claimed.slice(i))
          .catch((err) => log.warn({ err }, 'handing back claimed mail failed; its lease will run out'));
        break;
      }
      await deliver(claimed[i]!, mailbox, smtp, to, settings?.companyName, leaseMs).catch((err) =>
        log.error({ err, id: claimed[i]!.id }, 'recording a delivery outcome failed'),
      );
    }
    return claimed.length;
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || !running) return resolve();
      wakeUp = resolve;
      timer = setTimeout(resolve, ms);
    }).finally(() => {
      clearTimeout(timer);
      wakeUp = undefined;
      woken = false;
    });

  async function run(): Promise<void> {
    while (running) {
      let claimed = 0;
      try {
        claimed = await runOnce();
      } catch (err) {
        log.warn({ err }, 'mail worker pass failed; trying again');
      }
      // A full batch means more may be due: go on at once.
      if (running && claimed < opts.batchSize) await sleep(opts.pollMs);
    }
  }

  const wake = () => {
    woken = true;
    wakeUp?.();
  };

  return {
    runOnce,
    wake,
    start() {
      if (running) return;
      running = true;
      stopping = false;
      unsubscribe = outboxSignal.subscribe(db, wake);
      loop = run();
    },
    async stop() {
      running = false;
      stopping = true;
      unsubscribe?.();
      wakeUp?.();
      await loop;
      loop = undefined;
    },
  };
}
