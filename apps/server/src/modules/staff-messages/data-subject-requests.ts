import { MSG } from '@app/shared/messages';
import type { ContactMessage, MessagesExport } from '@app/shared/schemas/mail';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-error';
import { mailLogRepository, outboxRepository, type OutboxRow } from '../outbox';
import { candidateDataOf, eraseCandidateDataOf } from './candidate-subject-data';

const iso = (d: Date) => d.toISOString();
const toMessage = (r: OutboxRow): ContactMessage => ({
  id: r.id,
  fullName: r.fullName,
  email: r.email,
  phoneNumber: r.phoneNumber,
  message: r.message,
  vacancyId: r.vacancyId,
  vacancyTitle: r.vacancyTitle,
  language: r.language,
  hasAttachment: r.attachment !== null,
  attachmentName: r.attachmentName,
  status: r.status,
  attempts: r.attempts,
  nextAttemptAt: iso(r.nextAttemptAt),
  lastError: r.lastError,
  createdAt: iso(r.createdAt),
  sentAt: r.sentAt ? iso(r.sentAt) : null,
});

/**
 * Data-subject requests (GDPR articles 15, 17 and 20): export and erase what the site holds about
 * one e-mail address, and erase a single message (finding them is a filter of the messages list).
 * Erasure removes the rows (message, CV and the mail-log rows about them; the person's candidates
 * with their timelines, interviews and feedback, and the candidate mails sent to them) in one
 * transaction; retention, by contrast, keeps message rows counted.
 */
export const dataSubjectRequests = (db: Db) => ({
  async export(email: string): Promise<MessagesExport> {
    const rows = await outboxRepository(db).byEmail(email);
    const logs = await mailLogRepository(db).forSubject(
      rows.map((r) => r.id),
      email,
    );
    return {
      email,
      exportedAt: new Date().toISOString(),
      messages: rows.map((r) => ({
        ...toMessage(r),
        attachmentBase64: r.attachment ? r.attachment.toString('base64') : null,
        mailLogs: logs.filter((l) => l.messageId === r.id).map((l) => ({ ...l, sentTimestamp: iso(l.sentTimestamp) })),
      })),
      ...(await candidateDataOf(db, email)),
    };
  },

  /** Every message from the address and every mail-log row about them or naming the address. */
  eraseByEmail: (email: string): Promise<{ messages: number; mailLogs: number; candidates: number }> =>
    db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const outbox = outboxRepository(t);
      const ids = (await outbox.byEmail(email)).map((r) => r.id);
      const mailLogs = await mailLogRepository(tx).removeForSubject(ids, email);
      const erased = await outbox.remove(ids);
      const { candidates } = await eraseCandidateDataOf(t, email);
      return { messages: erased.length, mailLogs, candidates };
    }),

  /** One message, its attachment and its mail-log rows; 404 when it does not exist. */
  eraseOne: (id: number): Promise<void> =>
    db.transaction(async (tx) => {
      const outbox = outboxRepository(tx as unknown as Db);
      await mailLogRepository(tx).removeForSubject([id]);
      if (!(await outbox.remove([id])).length) throw notFound(MSG.messageNotFound);
    }),
});
