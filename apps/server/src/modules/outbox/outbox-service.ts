import { MSG } from '@app/shared/messages';
import type { MailHealth, MessagesPage, MessagesQuery } from '@app/shared/schemas/mail';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/http-error';
import { onePage } from '../../lib/bounded-list';
import { outboxRepository, type NewMessage } from './outbox-repository';
import { outboxSignal } from './outbox-signal';
import { sealAccountText } from './account-mail';

const iso = (d: Date) => d.toISOString();

/**
 * The outbox as other code sees it: a message is stored for delivery (and this process's worker
 * is woken at once), staff list what was received and send a failed message again. The contact
 * form enqueues through here. Outside the outbox only the data-subject requests (staff-messages),
 * the retention job (erasing old messages) and the metrics (counting them) use the outbox
 * repository; nothing else touches the table or signal.
 */
export const outboxService = (db: Db) => {
  const outbox = outboxRepository(db);
  return {
    /**
     * Stores the message with its attachment, and with `confirmation` the visitor's confirmation
     * (sent through the outbox too, once), and wakes the worker; resolves with the message's id.
     * `alongside` runs in the message's transaction (an application becomes a candidate there).
     */
    async enqueue(
      message: NewMessage,
      confirmation?: { text: string; vacancyTitle?: string | null },
      alongside?: (tx: Db, id: number) => Promise<unknown>,
    ): Promise<number> {
      const id = await outbox.insert(message, confirmation, alongside);
      outboxSignal.notify(db);
      return id;
    },

    /**
     * Queues an account link's mail (an invitation, a password reset) to one person and wakes the
     * worker. Its text, which holds the one-time link, is stored sealed with `key` (the mailbox
     * key) and emptied once sent: the link's token is never in the database in the clear.
     */
    async enqueueAccountMail(key: Buffer, mail: { to: string; subject: string; text: string }): Promise<number> {
      const id = await outbox.insertAccountMail({
        to: mail.to,
        subject: mail.subject,
        sealedText: sealAccountText(key, mail.text),
      });
      outboxSignal.notify(db);
      return id;
    },

    /**
     * A mail was stored in the caller's own transaction (a candidate mail with its timeline entry):
     * wakes the worker, once that transaction is committed.
     */
    wake(): void {
      outboxSignal.notify(db);
    },

    /**
     * One page of staff's messages, newest first, with `email` only that person's (a data-subject
     * request); without the attachment bytes, the text or the phone number. `applicationsOnly`:
     * only the applications for a vacancy (a recruiter's view).
     */
    page: (q: MessagesQuery, applicationsOnly = false): Promise<MessagesPage> =>
      onePage(
        q,
        async (limit, offset) =>
          (await outbox.list({ email: q.email, applicationsOnly, limit, offset })).map((r) => ({
            ...r,
            nextAttemptAt: iso(r.nextAttemptAt),
            createdAt: iso(r.createdAt),
            sentAt: r.sentAt ? iso(r.sentAt) : null,
          })),
        () => outbox.countListed(q.email, applicationsOnly),
      ),

    /** The `n` newest messages, for the dashboard. */
    latest: async (n: number) =>
      (await outbox.list({ limit: n })).map((r) => ({
        id: r.id,
        fullName: r.fullName,
        email: r.email,
        status: r.status,
        createdAt: iso(r.createdAt),
        vacancyTitle: r.vacancyTitle,
      })),

    /** How the newest tried message went; undefined when nothing was tried yet. */
    async lastDelivery() {
      const row = await outbox.lastTried();
      if (!row) return null;
      return {
        messageId: row.id,
        status: row.status,
        at: iso(row.sentAt ?? row.createdAt),
        error: row.status === 'sent' ? null : row.lastError,
      };
    },

    /** Waiting messages are tried at once (a mailbox was saved or its test send worked). */
    async retryWaiting(): Promise<void> {
      if (await outbox.retryWaitingNow()) outboxSignal.notify(db);
    },

    /** "Send now": a waiting message is tried at once instead of after its backoff. */
    async sendNow(id: number): Promise<void> {
      const outcome = await outbox.sendNow(id);
      if (outcome === 'missing') throw notFound(MSG.messageNotFound);
      if (outcome === 'not-waiting') throw conflict(MSG.messageNotWaiting);
      outboxSignal.notify(db);
    },

    /**
     * What staff must know about delivery: how many messages wait and whether there is a mailbox
     * that works. "No working mailbox": none is active, or waiting messages were already tried
     * through it in vain (their last error says why, on the Messages screen).
     */
    async health(hasActiveMailbox: boolean): Promise<MailHealth> {
      const { waiting, failed, waitingInVain } = await outbox.health();
      const working = hasActiveMailbox && waitingInVain === 0;
      return {
        waiting,
        failed,
        activeMailbox: hasActiveMailbox,
        working,
        notice: waiting && !working ? MSG.messagesWaiting(waiting) : null,
      };
    },

    /** A failed message goes back to the queue with a fresh count of attempts. */
    async resend(id: number): Promise<void> {
      const outcome = await outbox.resend(id);
      if (outcome === 'missing') throw notFound(MSG.messageNotFound);
      if (outcome === 'not-failed') throw conflict(MSG.messageNotFailed);
      outboxSignal.notify(db);
    },
  };
};
export type OutboxService = ReturnType<typeof outboxService>;
export type { NewMessage };
