import type { Catalogue } from './catalogue';
import type { Locale } from '../locales';

/**
 * Texts a new site starts with until staff change them in the settings (the database's column
 * defaults; migrations 0005 and 0007 have the same texts). The server and the settings screen use them.
 */
export const SITE_DEFAULT_MSG = {
  /** The privacy page's text; '{days}' shows the retention period (constants.ts: privacyTextFor). */
  privacyTextDefault:
    'We use the details you send through the contact form (name, e-mail address, phone number, message and CV) only to answer you or to consider your application. Staff of the company read them; nobody else does. Your message and its attachment are erased {days} days after they were received. To see, export or erase what we hold about you, write to us at the address on this site.',
  /** The confirmation a visitor receives after a message is stored. */
  confirmationTextDefault:
    'Thank you for your message. We have received it and will get back to you as soon as possible.',
} as const satisfies Catalogue;

/**
 * The same defaults in the other languages: a visitor writing in Dutch or French is confirmed in
 * their language while staff have not translated the texts themselves (decision 0155).
 */
export const SITE_DEFAULT_BY_LOCALE = {
  en: SITE_DEFAULT_MSG,
  nl: {
    privacyTextDefault:
      'De gegevens die u via het contactformulier verstuurt (naam, e-mailadres, telefoonnummer, bericht en cv) gebruiken we alleen om u te antwoorden of om uw sollicitatie te bekijken. Alleen medewerkers van het bedrijf lezen ze, verder niemand. Uw bericht en de bijlage worden {days} dagen na ontvangst gewist. Wilt u inzien, opvragen of laten wissen wat we over u bewaren, schrijf ons dan op het adres op deze website.',
    confirmationTextDefault:
      'Bedankt voor uw bericht. We hebben het goed ontvangen en nemen zo snel mogelijk contact met u op.',
  },
  fr: {
    privacyTextDefault:
      'Les données que vous nous envoyez via le formulaire de contact (nom, adresse e-mail, numéro de téléphone, message et CV) servent uniquement à vous répondre ou à examiner votre candidature. Seul le personnel de l’entreprise les lit, personne d’autre. Votre message et sa pièce jointe sont effacés {days} jours après leur réception. Pour consulter, exporter ou faire effacer les données que nous conservons à votre sujet, écrivez-nous à l’adresse indiquée sur ce site.',
    confirmationTextDefault:
      'Merci pour votre message. Nous l’avons bien reçu et nous vous répondrons dans les meilleurs délais.',
  },
} as const satisfies Record<Locale, Record<keyof typeof SITE_DEFAULT_MSG, string>>;
