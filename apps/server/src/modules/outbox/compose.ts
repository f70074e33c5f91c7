import type { MailboxRow } from '../mail-settings';
import type { OutboxRow } from './outbox-repository';
import type { Outgoing } from './transport';

/** Header values and the lines built from what a visitor typed stay on one line. */
export const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

export const subjectOf = (row: Pick<OutboxRow, 'fullName' | 'vacancyTitle'>): string =>
  row.vacancyTitle
    ? oneLine(`Application for ${row.vacancyTitle}: ${row.fullName}`)
    : oneLine(`Contact form: ${row.fullName}`);

/** The mail staff receive for one stored message; the visitor is the reply-to address. */
export function composeMessage(row: OutboxRow & { messageId: string }, mailbox: MailboxRow, to: string[]): Outgoing {
  const lines = [
    `Name: ${row.fullName}`,
    `E-mail: ${row.email}`,
    `Phone: ${row.phoneNumber || '-'}`,
    ...(row.vacancyTitle ? [`Vacancy: ${row.vacancyTitle} (#${row.vacancyId ?? '-'})`] : []),
    `Received: ${row.createdAt.toISOString()}`,
    '',
    row.message,
  ];
  return {
    from: mailbox.username.trim() || to[0]!,
    to,
    replyTo: { name: oneLine(row.fullName), address: row.email },
    subject: subjectOf(row),
    text: lines.join('\n'),
    messageId: row.messageId,
    ...(row.attachment
      ? { attachment: { filename: row.attachmentName || 'attachment.pdf', content: row.attachment } }
      : {}),
  };
}
