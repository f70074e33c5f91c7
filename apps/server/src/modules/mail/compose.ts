import { MAIL_MSG } from '@app/shared/messages/mail';
import type { MailboxRow } from './mailboxes-repository';
import type { OutboxRow } from './outbox-repository';
import type { Outgoing } from './transport';

const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

/** Contact recipients from the site settings (comma list), else the mailbox's own address. */
export function recipientsOf(contactRecipients: string | undefined, mailbox: Pick<MailboxRow, 'username'>): string[] {
  const listed = (contactRecipients ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (listed.length) return listed;
  return mailbox.username.trim() ? [mailbox.username.trim()] : [];
}

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

/** The subject of the visitor's confirmation: an applicant sees the vacancy's title. */
export const confirmationSubjectOf = (
  row: Pick<OutboxRow, 'vacancyTitle'>,
  companyName: string | undefined,
): string => {
  const what = row.vacancyTitle
    ? MAIL_MSG.confirmationSubjectApplication(row.vacancyTitle)
    : MAIL_MSG.confirmationSubjectMessage;
  return oneLine(companyName?.trim() ? MAIL_MSG.confirmationSubjectFrom(companyName.trim(), what) : what);
};

/**
 * The confirmation's text, fixed when the message is stored: the settings' text, and for an
 * application the vacancy's title. Nothing the visitor typed is repeated: the form must not be a
 * way to send one's own text to someone else's address.
 */
export const confirmationText = (settingsText: string, vacancyTitle: string | null | undefined): string =>
  [settingsText.trim(), ...(vacancyTitle ? ['', MAIL_MSG.confirmationVacancyLine(oneLine(vacancyTitle))] : [])].join(
    '\n',
  );

/** The confirmation mail to the visitor who sent the message it confirms. */
export function composeConfirmation(
  row: OutboxRow & { messageId: string },
  mailbox: MailboxRow,
  companyName: string | undefined,
): Outgoing {
  return {
    from: mailbox.username.trim() || row.email,
    to: [row.email],
    subject: confirmationSubjectOf(row, companyName),
    text: row.message,
    messageId: row.messageId,
    autoReply: true,
  };
}
