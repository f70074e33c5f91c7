import type { Locale } from '@app/shared/locales';
import type { CandidateMailKind } from '@app/shared/schemas/candidates';

/**
 * The candidate mails a new site starts with, per kind and language (decision 0160): staff change
 * them on /candidate-mails, and a stored row then replaces the default of its kind and language.
 * Placeholders in braces are filled when a mail is previewed or sent (template-render.ts).
 */
export const CANDIDATE_MAIL_DEFAULTS: Record<CandidateMailKind, Record<Locale, { subject: string; body: string }>> = {
  acknowledgement: {
    en: {
      subject: 'Your application for {vacancy}',
      body: 'Dear {name},\n\nThank you for applying for {vacancy}. We are reading your application and will let you know how we proceed within two weeks.\n\nKind regards,\n{company}',
    },
    nl: {
      subject: 'Uw sollicitatie voor {vacancy}',
      body: 'Beste {name},\n\nBedankt voor uw sollicitatie voor {vacancy}. We lezen uw sollicitatie en laten u binnen twee weken weten hoe we verdergaan.\n\nMet vriendelijke groeten,\n{company}',
    },
    fr: {
      subject: 'Votre candidature pour {vacancy}',
      body: 'Madame, Monsieur {name},\n\nMerci pour votre candidature pour {vacancy}. Nous lisons votre candidature et vous informerons de la suite dans les deux semaines.\n\nBien cordialement,\n{company}',
    },
  },
  invitation: {
    en: {
      subject: 'Invitation to an interview for {vacancy}',
      body: 'Dear {name},\n\nWe would like to meet you for an interview for {vacancy} on {date} at {time} (Brussels time), for {duration} minutes.\n\nWhere: {place}\n\nThe attached calendar file adds the interview to your calendar. If the moment does not suit you, simply reply to this mail.\n\nKind regards,\n{company}',
    },
    nl: {
      subject: 'Uitnodiging voor een gesprek voor {vacancy}',
      body: 'Beste {name},\n\nWe nodigen u graag uit voor een gesprek voor {vacancy} op {date} om {time} (Brusselse tijd), voor {duration} minuten.\n\nWaar: {place}\n\nMet het bijgevoegde agendabestand zet u het gesprek in uw agenda. Past het moment niet, antwoord dan gewoon op deze mail.\n\nMet vriendelijke groeten,\n{company}',
    },
    fr: {
      subject: 'Invitation à un entretien pour {vacancy}',
      body: 'Madame, Monsieur {name},\n\nNous serions heureux de vous rencontrer pour un entretien pour {vacancy} le {date} à {time} (heure de Bruxelles), pendant {duration} minutes.\n\nLieu : {place}\n\nLe fichier de calendrier joint ajoute l’entretien à votre agenda. Si ce moment ne vous convient pas, répondez simplement à ce message.\n\nBien cordialement,\n{company}',
    },
  },
  rejection: {
    en: {
      subject: 'Your application for {vacancy}',
      body: 'Dear {name},\n\nThank you for your interest in {vacancy} and for the time you gave us. After careful consideration we have decided not to continue with your application.\n\nWe wish you every success.\n\nKind regards,\n{company}',
    },
    nl: {
      subject: 'Uw sollicitatie voor {vacancy}',
      body: 'Beste {name},\n\nBedankt voor uw interesse in {vacancy} en voor de tijd die u ons gaf. Na zorgvuldige overweging hebben we beslist om niet verder te gaan met uw sollicitatie.\n\nWe wensen u veel succes.\n\nMet vriendelijke groeten,\n{company}',
    },
    fr: {
      subject: 'Votre candidature pour {vacancy}',
      body: 'Madame, Monsieur {name},\n\nMerci pour votre intérêt pour {vacancy} et pour le temps que vous nous avez consacré. Après mûre réflexion, nous avons décidé de ne pas donner suite à votre candidature.\n\nNous vous souhaitons plein succès.\n\nBien cordialement,\n{company}',
    },
  },
};

/** What {vacancy} says for a candidate of the general pool, per language. */
export const POOL_VACANCY_NAME: Record<Locale, string> = {
  en: 'a position with us',
  nl: 'een functie bij ons',
  fr: 'un poste chez nous',
};
