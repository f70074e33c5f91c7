import { MSG } from '@app/shared/messages';
import { contactForm, MAIL_FIELDS } from '@app/shared/schemas/contact';
import type { Db } from '../../db/client';
import type { CounterStore } from '../../lib/counter-store';
import { badRequest, tooManyRequests } from '../../lib/http-error';
import type { Captcha } from '../captcha/captcha';
import { outboxRepository } from '../mail/outbox-repository';
import { outboxSignal } from '../mail/outbox-signal';
import { vacanciesRepository } from '../vacancies/repository';
import type { ContactSubmission } from './multipart';

/** Messages one address may send per window; enough for a person, too few for a flood. */
export const CONTACT_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 };

export type SubmitOutcome = { stored: true; id: number } | { stored: false };

export const contactService = (deps: { db: Db; captcha: Captcha; counters: CounterStore }) => {
  const outbox = outboxRepository(deps.db);
  const vacancies = vacanciesRepository(deps.db);

  async function vacancyOf(raw: string | undefined) {
    if (raw === undefined || raw.trim() === '') return undefined;
    const refuse = () => badRequest(MSG.vacancyUnknown, [{ field: MAIL_FIELDS.vacancyId, message: MSG.vacancyUnknown }]);
    if (!/^\d{1,9}$/.test(raw.trim())) throw refuse();
    const vacancy = await vacancies.find(Number(raw.trim()));
    if (!vacancy) throw refuse();
    return vacancy;
  }

  return {
    async submit(sub: ContactSubmission, address: string): Promise<SubmitOutcome> {
      const f = sub.fields;
      // A bot filled the hidden field: it is told "sent" and learns nothing; nothing is kept.
      if (f[MAIL_FIELDS.honeypot]?.trim()) return { stored: false };

      const parsed = contactForm.safeParse({
        fullName: f['fullName'] ?? '',
        email: f['email'] ?? '',
        phoneNumber: f['phoneNumber'] ?? '',
        message: f['message'] ?? '',
      });
      if (!parsed.success) {
        const errors = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
        throw badRequest(errors[0]!.message, errors);
      }
      const vacancy = await vacancyOf(f[MAIL_FIELDS.vacancyId]);

      if ((await deps.counters.increment(`contact:${address}`, CONTACT_LIMIT.windowMs)) > CONTACT_LIMIT.max)
        throw tooManyRequests(MSG.tooManyRequests);

      // Checked for every message, applications included; a solution counts once.
      if (!(await deps.captcha.verify(f[MAIL_FIELDS.captcha] ?? '')))
        throw badRequest(MSG.captchaFailed, [{ field: MAIL_FIELDS.captcha, message: MSG.captchaFailed }]);

      const id = await outbox.insert({
        ...parsed.data,
        vacancyId: vacancy?.id ?? null,
        vacancyTitle: vacancy?.title ?? null,
        attachmentName: sub.file?.filename ?? null,
        attachment: sub.file?.data ?? null,
      });
      outboxSignal.notify(deps.db);
      return { stored: true, id };
    },
  };
};
