import { describe, expect, it } from 'vitest';
import { KEEP_FOR_FUTURE_FIELD } from '@app/shared/schemas/candidates';
import { call, useTestApp } from '../../../test/helper';
import { contactBody, pdfBytes, solveCaptcha, validContact } from '../../../test/contact-fixtures';
import { vacanciesRepository } from '../vacancies';
import { outboxService } from '../outbox';
import { appCaptcha } from '../captcha';
import { eq } from 'drizzle-orm';
import { applicants, vacancies } from '../../db/schema';
import { keepConsentOf, keepConsentTextFor } from './keep-consent';
import { contactService } from './service';

const ctx = useTestApp();

describe('the keep-for-future-vacancies consent text', () => {
  it('is the sentence the form shows, in the visitor’s language, with the months filled in', async () => {
    expect(await keepConsentTextFor('en')).toBe('You may keep my application for future vacancies for 24 months.');
    expect(await keepConsentTextFor('nl')).toBe(
      'U mag mijn sollicitatie 24 maanden bewaren voor toekomstige vacatures.',
    );
    expect(await keepConsentTextFor('fr')).toBe(
      'Vous pouvez conserver ma candidature pendant 24 mois pour de futures offres d’emploi.',
    );
    expect(await keepConsentTextFor('en', 12)).toContain('for 12 months');
  });

  it('counts only a ticked box (yes) on an application', async () => {
    const ticked = { [KEEP_FOR_FUTURE_FIELD]: 'yes' };
    expect(await keepConsentOf(ticked, { locale: 'en', application: true })).toContain('24 months');
    expect(await keepConsentOf(ticked, { locale: 'en', application: false })).toBeNull();
    expect(await keepConsentOf({}, { locale: 'en', application: true })).toBeNull();
    expect(await keepConsentOf({ [KEEP_FOR_FUTURE_FIELD]: 'on' }, { locale: 'en', application: true })).toBeNull();
  });
});

describe('the contact form with the consent field', () => {
  const service = () =>
    contactService({
      outbox: outboxService(ctx.app.db),
      vacancies: vacanciesRepository(ctx.app.db),
      captcha: appCaptcha(ctx.app),
      confirmationSettings: () => Promise.resolve(undefined),
    });

  it('hands the text agreed to, in the visitor’s language, with a checked application', async () => {
    const [vacancy] = await ctx.app.db
      .insert(vacancies)
      .values({ title: 'Consent role', offer: 'o', slug: 'consent-role' })
      .returning({ id: vacancies.id });
    const withVacancy = await service().check(
      {
        fields: {
          ...validContact,
          vacancyId: String(vacancy!.id),
          altcha: await solveCaptcha(ctx.app),
          [KEEP_FOR_FUTURE_FIELD]: 'yes',
        },
      },
      'fr',
    );
    expect(withVacancy.bot === false && withVacancy.message.keepConsentText).toBe(
      'Vous pouvez conserver ma candidature pendant 24 mois pour de futures offres d’emploi.',
    );
    const withCv = await service().check(
      {
        fields: { ...validContact, altcha: await solveCaptcha(ctx.app), [KEEP_FOR_FUTURE_FIELD]: 'yes' },
        file: { filename: 'cv.pdf', data: pdfBytes() },
      },
      'nl',
    );
    expect(withCv.bot === false && withCv.message.keepConsentText).toContain('24 maanden');
    const plain = await service().check(
      { fields: { ...validContact, altcha: await solveCaptcha(ctx.app), [KEEP_FOR_FUTURE_FIELD]: 'yes' } },
      'en',
    );
    expect(plain.bot === false && plain.message.keepConsentText).toBeNull();
  });

  it('POST /api/contact takes the field and the candidate’s person keeps the text agreed to, in Dutch', async () => {
    const email = 'keeps.consent@visitor.example';
    const body = await contactBody(
      { ...validContact, email, altcha: await solveCaptcha(ctx.app), [KEEP_FOR_FUTURE_FIELD]: 'yes' },
      { data: pdfBytes() },
    );
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '10.9.9.9',
      ...body,
      headers: { ...body.headers, 'accept-language': 'nl-BE' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [person] = await ctx.app.db.select().from(applicants).where(eq(applicants.email, email));
    expect(person).toMatchObject({
      keepConsentText: 'U mag mijn sollicitatie 24 maanden bewaren voor toekomstige vacatures.',
      keepConsentAt: expect.any(Date),
    });

    const without = 'no.consent@visitor.example';
    const plain = await contactBody(
      { ...validContact, email: without, altcha: await solveCaptcha(ctx.app) },
      { data: pdfBytes() },
    );
    expect(
      (await call(ctx.app, { method: 'POST', url: '/api/contact', remoteAddress: '10.9.9.8', ...plain })).statusCode,
    ).toBe(201);
    const [other] = await ctx.app.db.select().from(applicants).where(eq(applicants.email, without));
    expect(other).toMatchObject({ keepConsentText: null, keepConsentAt: null });
  });
});
