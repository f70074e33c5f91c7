import { MAIL_MSG } from '@app/shared/messages/mail';
import { SITE_DEFAULT_MSG } from '@app/shared/messages/site-defaults';
import type { MailboxRow } from '../mail-settings';
import { oneLine } from './compose';
import type { OutboxRow } from './outbox-repository';
import type { Outgoing } from './transport';

/**
 * The visitor's confirmation mail, composed here and nowhere else: whether there is one and its
 * text when the message is stored, its subject and envelope when the worker sends it.
 */

/** The site settings' part that decides the confirmation (a missing settings row means the defaults). */
export interface ConfirmationSettings {
  confirmationEnabled: boolean;
  confirmationText: string;
}

/**
 * The confirmation to store beside a message, or none when the settings turn it off. Its text is
 * fixed when the message is stored: the settings' text, and for an application the vacancy's
 * title. Nothing the visitor typed is repeated: the form must not be a way to send one's own text
 * to someone else's address.
 */
export function confirmationFor(
  settings: ConfirmationSettings | undefined,
  vacancyTitle: string | null | undefined,
): { text: string } | undefined {
  if (!(settings?.confirmationEnabled ?? true)) return undefined;
  const settingsText = settings?.confirmationText ?? SITE_DEFAULT_MSG.confirmationTextDefault;
  return {
    text: [
      settingsText.trim(),
      ...(vacancyTitle ? ['', MAIL_MSG.confirmationVacancyLine(oneLine(vacancyTitle))] : []),
    ].join('\n'),
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
