import { MSG } from '@app/shared/messages';
import { contactForm, MAIL_FIELDS } from '@app/shared/schemas/contact';
import { vacancyIsOpen } from '@app/shared/vacancy-facts';
import { invalidField, validationFailed } from '../../lib/field-errors';
import type { Captcha } from '../captcha';
import { recordApplication } from '../candidates';
import { confirmationFor, type ConfirmationSettings, type NewMessage, type OutboxService } from '../outbox';
import type { VacanciesRepository } from '../vacancies';
import type { ContactSubmission } from './multipart';
import { keepConsentOf } from './keep-consent';
import type { Locale } from '@app/shared/locales';

/**
 * A submission that passed every check (fields, vacancy, captcha), ready to store; or a bot's,
 * which filled the hidden field and is answered as if stored.
 */
export type CheckedSubmission =
  | {
      bot: false;
      message: NewMessage & {
        vacancyTitle: string | null;
        visitorVacancyTitle: string | null;
        language: Locale;
        /** The consent text the visitor agreed to (keep for future vacancies), or null. */
        keepConsentText: string | null;
      };
    }
  | { bot: true };

export interface ContactDeps {
  /** The outbox: stores the message and wakes the delivery worker. */
  outbox: OutboxService;
  vacancies: VacanciesRepository;
  captcha: Captcha;
  /**
   * The site settings that decide the visitor's confirmation, its text in the visitor's language
   * (undefined: no settings row, the defaults).
   */
  confirmationSettings: (language: Locale) => Promise<ConfirmationSettings | undefined>;
}

/**
 * The contact form's two steps, which the route takes in order with the rate limit between them:
 * `check` validates (the captcha included), `store` puts the message and its confirmation in the
 * outbox. Neither calls back into the route.
 */
export const contactService = ({ outbox, vacancies, captcha, confirmationSettings }: ContactDeps) => {
  async function vacancyOf(raw: string | undefined) {
    if (raw === undefined || raw.trim() === '') return undefined;
    const refuse = () => invalidField(MAIL_FIELDS.vacancyId, MSG.vacancyUnknown);
    if (!/^\d{1,9}$/.test(raw.trim())) throw refuse();
    const vacancy = await vacancies.find(Number(raw.trim()));
    if (!vacancy) throw refuse();
    // Its page no longer offers the form; a request made from an old tab or by hand is told why.
    if (!vacancyIsOpen(vacancy)) throw invalidField(MAIL_FIELDS.vacancyId, MSG.vacancyClosedForApplications);
    return vacancy;
  }

  async function titleIn(vacancy: { id: number; title: string; language: string }, language: Locale) {
    if (vacancy.language === language) return vacancy.title;
    const translated = (await vacancies.translationsOf([vacancy.id])).find(
      (t) => t.language === language && t.status === 'published',
    );
    return translated?.title ?? vacancy.title;
  }

  return {
    /** Validates a submission; throws the 400 that says what is wrong. */
    async check(sub: ContactSubmission, language: Locale = 'en'): Promise<CheckedSubmission> {
      const f = sub.fields;
      // A bot filled the hidden field: it is told "sent" and learns nothing; nothing is kept.
      if (f[MAIL_FIELDS.honeypot]?.trim()) return { bot: true };

      const parsed = contactForm.safeParse({
        fullName: f['fullName'] ?? '',
        email: f['email'] ?? '',
        phoneNumber: f['phoneNumber'] ?? '',
        message: f['message'] ?? '',
      });
      if (!parsed.success) throw validationFailed(parsed.error.issues);
      const vacancy = await vacancyOf(f[MAIL_FIELDS.vacancyId]);

      // Checked for every message, applications included; a solution counts once.
      if (!(await captcha.verify(f[MAIL_FIELDS.captcha] ?? '')))
        throw invalidField(MAIL_FIELDS.captcha, MSG.captchaFailed);

      return {
        bot: false,
        message: {
          ...parsed.data,
          language,
          vacancyId: vacancy?.id ?? null,
          vacancyTitle: vacancy?.title ?? null,
          // The title the visitor read: the vacancy's published translation in their language, if any.
          visitorVacancyTitle: vacancy ? await titleIn(vacancy, language) : null,
          attachmentName: sub.file?.filename ?? null,
          attachment: sub.file?.data ?? null,
          keepConsentText: await keepConsentOf(f, { locale: language, application: !!vacancy || !!sub.file }),
        },
      };
    },

    /**
     * Stores a checked message and, when the settings ask for it, the visitor's confirmation;
     * resolves with the message's id. Only a stored message is confirmed.
     */
    async store(checked: Extract<CheckedSubmission, { bot: false }>['message']): Promise<number> {
      // The consent goes to the pipeline with the application, not into the message.
      const { visitorVacancyTitle, keepConsentText, ...message } = checked;
      return outbox.enqueue(
        message,
        confirmationFor(await confirmationSettings(message.language), visitorVacancyTitle, message.language),
        // An application becomes a candidate with the message, in its transaction (decision 0160).
        (tx, messageId) =>
          recordApplication(tx, {
            messageId,
            email: message.email,
            fullName: message.fullName,
            phoneNumber: message.phoneNumber,
            language: message.language,
            vacancyId: message.vacancyId ?? null,
            vacancyTitle: message.vacancyTitle,
            hasCv: message.attachment !== null && message.attachment !== undefined,
            keepConsentText,
          }),
      );
    },
  };
};
