import type { MailboxRow } from '../mail-settings';
import { oneLine } from './compose';
import type { OutboxRow } from './outbox-repository';
import type { Outgoing } from './transport';

/** The attachment of a candidate mail: an interview's .ics (text/calendar, METHOD from its text). */
const calendarType = (content: Buffer): string =>
  `text/calendar; charset=utf-8; method=${/^METHOD:CANCEL\r?$/m.test(content.toString('utf8')) ? 'CANCEL' : 'REQUEST'}`;

/**
 * A mail of the candidate pipeline (decision 0160) to its one recipient (`email`): a candidate
 * mail from a template, or an interview invitation, update or cancellation to a candidate or an
 * interviewer, with the interview's .ics when there is one.
 */
export function composeCandidateMail(row: OutboxRow & { messageId: string }, mailbox: MailboxRow): Outgoing {
  return {
    from: mailbox.username.trim() || row.email,
    to: [row.email],
    subject: oneLine(row.subject ?? ''),
    text: row.message,
    messageId: row.messageId,
    ...(row.attachment
      ? {
          attachment: {
            filename: row.attachmentName || 'invite.ics',
            content: row.attachment,
            contentType: calendarType(row.attachment),
          },
        }
      : {}),
  };
}
