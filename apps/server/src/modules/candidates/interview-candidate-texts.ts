import type { Locale } from '@app/shared/locales';

/**
 * What a candidate reads when an interview they were invited to moves or is cancelled, in their
 * language (decision 0160). A move re-sends the invitation template (staff's text) with this
 * prefix on its subject; a cancellation is this short text, its placeholders filled like a
 * template's ({name}, {vacancy}, {company}, {date}, {time}).
 */
export const UPDATED_SUBJECT_PREFIX: Record<Locale, string> = {
  en: 'Updated: ',
  nl: 'Gewijzigd: ',
  fr: 'Modifié : ',
};

export const INTERVIEW_CANCELLATION: Record<Locale, { subject: string; body: string }> = {
  en: {
    subject: 'Cancelled: interview for {vacancy}',
    body: 'Dear {name},\n\nThe interview for {vacancy} on {date} at {time} (Brussels time) is cancelled. The attached calendar file removes it from your calendar. We will contact you about how we proceed.\n\nKind regards,\n{company}',
  },
  nl: {
    subject: 'Geannuleerd: gesprek voor {vacancy}',
    body: 'Beste {name},\n\nHet gesprek voor {vacancy} op {date} om {time} (Brusselse tijd) gaat niet door. Het bijgevoegde agendabestand haalt het uit uw agenda. We nemen contact met u op over hoe we verdergaan.\n\nMet vriendelijke groeten,\n{company}',
  },
  fr: {
    subject: 'Annulé : entretien pour {vacancy}',
    body: 'Madame, Monsieur {name},\n\nL’entretien pour {vacancy} du {date} à {time} (heure de Bruxelles) est annulé. Le fichier de calendrier joint le retire de votre agenda. Nous vous recontacterons pour la suite.\n\nBien cordialement,\n{company}',
  },
};
