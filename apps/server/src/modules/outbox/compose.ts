import { MAIL_MSG } from '@app/shared/messages/mail';
import { DEFAULT_LOCALE, isLocale, LOCALE_TABLE } from '@app/shared/locales';
import type { MailboxRow } from '../mail-settings';
import type { OutboxRow } from './outbox-repository';
import type { Outgoing } from './transport';

/** Header values and the lines built from what a visitor typed stay on one line. */
export const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

export const subjectOf = (row: Pick<OutboxRow, 'fullName' | 'vacancyTitle'>): string =>
  row.vacancyTitle
    ? oneLine(MAIL_MSG.applicationSubject(row.vacancyTitle, row.fullName))
    : oneLine(MAIL_MSG.contactSubject(row.fullName));

/** The mail staff receive for one stored message; the visitor is the reply-to address. */
export function composeMessage(row: OutboxRow & { messageId: string }, mailbox: MailboxRow, to: string[]): Outgoing {
  const lines = [
    MAIL_MSG.nameLine(row.fullName),
    MAIL_MSG.emailLine(row.email),
    MAIL_MSG.phoneLine(row.phoneNumber || '-'),
    ...(row.vacancyTitle ? [MAIL_MSG.vacancyLine(row.vacancyTitle, String(row.vacancyId ?? '-'))] : []),
    MAIL_MSG.receivedLine(row.createdAt.toISOString()),
    MAIL_MSG.languageLine(LOCALE_TABLE[isLocale(row.language) ? row.language : DEFAULT_LOCALE].name, row.language),
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
      ? { attachment: { filename: row.attachmentName || MAIL_MSG.attachmentName, content: row.attachment } }
      : {}),
  };
}
