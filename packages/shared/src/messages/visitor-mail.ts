import type { Catalogue } from './catalogue';

/**
 * The words of the visitor's confirmation mail (modules/outbox/confirmation.ts), in the visitor's
 * language: this file is English, `nl/` and `fr/` hold the same keys translated (decision 0155).
 * Server-only: no browser bundle ships them.
 */
export const VISITOR_MAIL_MSG = {
  confirmationSubjectMessage: 'We received your message',
  confirmationSubjectApplication: (vacancyTitle: string) => `We received your application for ${vacancyTitle}`,
  confirmationVacancyLine: (vacancyTitle: string) => `Vacancy: ${vacancyTitle}`,
} as const satisfies Catalogue;
