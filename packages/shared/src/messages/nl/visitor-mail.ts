import type { Catalogue } from '../catalogue';

/** The visitor's confirmation mail in Dutch (nl-BE): the keys of ../visitor-mail.ts. */
export const VISITOR_MAIL_MSG = {
  confirmationSubjectMessage: 'We hebben uw bericht ontvangen',
  confirmationSubjectApplication: (vacancyTitle: string) => `We hebben uw sollicitatie voor ${vacancyTitle} ontvangen`,
  confirmationVacancyLine: (vacancyTitle: string) => `Vacature: ${vacancyTitle}`,
} as const satisfies Catalogue;
