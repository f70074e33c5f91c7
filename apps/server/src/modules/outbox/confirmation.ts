import { MAIL_MSG } from '@app/shared/messages/mail';
import { SERVER_TEXTS_BY_LOCALE } from '@app/shared/content-texts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@app/shared/locales';
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
  language: Locale = DEFAULT_LOCALE,
): { text: string; vacancyTitle: string | null } | undefined {
  if (!(settings?.confirmationEnabled ?? true)) return undefined;
  const settingsText =
    settings?.confirmationText ?? SERVER_TEXTS_BY_LOCALE[language].siteDefaults.confirmationTextDefault;
  return {
    text: [
      settingsText.trim(),
      ...(vacancyTitle
        ? ['', SERVER_TEXTS_BY_LOCALE[language].visitorMail.confirmationVacancyLine(oneLine(vacancyTitle))]
        : []),
    ].join('\n'),
    vacancyTitle: vacancyTitle ?? null,
  };
}

/** The subject of the visitor's confirmation, in their language: an applicant sees the vacancy's title. */
export const confirmationSubjectOf = (
  row: Pick<OutboxRow, 'vacancyTitle'> & Partial<Pick<OutboxRow, 'language'>>,
  companyName: string | undefined,
): string => {
  const words = SERVER_TEXTS_BY_LOCALE[isLocale(row.language) ? row.language : DEFAULT_LOCALE].visitorMail;
  const what = row.vacancyTitle
    ? words.confirmationSubjectApplication(row.vacancyTitle)
    : words.confirmationSubjectMessage;
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
