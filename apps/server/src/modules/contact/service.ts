import { MSG } from '@app/shared/messages';
import { contactForm, MAIL_FIELDS } from '@app/shared/schemas/contact';
import { vacancyIsOpen } from '@app/shared/vacancy-facts';
import { invalidField, validationFailed } from '../../lib/field-errors';
import { tooManyRequests } from '../../lib/http-error';
import type { Captcha } from '../captcha/captcha';
import { confirmationText } from '../mail/compose';
import type { OutboxService } from '../mail/outbox-service';
import type { VacanciesRepository } from '../vacancies/repository';
import type { ContactSubmission } from './multipart';

/** Messages one address may send per window; enough for a person, too few for a flood. */
export const CONTACT_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 };

export type SubmitOutcome = { stored: true; id: number } | { stored: false };

export interface ContactDeps {
  /** The mail module's outbox: stores the message and wakes the delivery worker. */
  outbox: OutboxService;
  vacancies: VacanciesRepository;
  captcha: Captcha;
  /** The visitor confirmation's settings: whether it is on, and its text. */
  confirmation: () => Promise<{ enabled: boolean; text: string }>;
}

/**
 * The sender's rate limit, taken when the service says so: counts this submission against the
 * sender's address; when that goes over CONTACT_LIMIT, answers how many milliseconds are left of
 * the limit's window (the 429's Retry-After), else undefined.
 */
export type TakeRateSlot = () => Promise<number | undefined>;

export const contactService = ({ outbox, vacancies, captcha, confirmation }: ContactDeps) => {
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

  return {
    async submit(sub: ContactSubmission, takeRateSlot: TakeRateSlot): Promise<SubmitOutcome> {
      const f = sub.fields;
      // A bot filled the hidden field: it is told "sent" and learns nothing; nothing is kept.
      if (f[MAIL_FIELDS.honeypot]?.trim()) return { stored: false };

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

      // Only a submission that passed every check spends the sender's limit: posts without a
      // solved captcha must not block a real visitor from the same address.
      const refusedFor = await takeRateSlot();
      if (refusedFor !== undefined) throw tooManyRequests(MSG.tooManyRequests, refusedFor);

      // Only a stored message is confirmed: honeypot hits and refused requests never get here.
      const confirm = await confirmation();
      const id = await outbox.enqueue(
        {
          ...parsed.data,
          vacancyId: vacancy?.id ?? null,
          vacancyTitle: vacancy?.title ?? null,
          attachmentName: sub.file?.filename ?? null,
          attachment: sub.file?.data ?? null,
        },
        confirm.enabled ? { text: confirmationText(confirm.text, vacancy?.title) } : undefined,
      );
      return { stored: true, id };
    },
  };
};
