import type { Catalogue } from '../catalogue';

/** The visitor's confirmation mail in French (fr-BE): the keys of ../visitor-mail.ts. */
export const VISITOR_MAIL_MSG = {
  confirmationSubjectMessage: 'Nous avons bien reçu votre message',
  confirmationSubjectApplication: (vacancyTitle: string) =>
    `Nous avons bien reçu votre candidature pour ${vacancyTitle}`,
  confirmationVacancyLine: (vacancyTitle: string) => `Offre d’emploi : ${vacancyTitle}`,
} as const satisfies Catalogue;
