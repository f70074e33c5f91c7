import type { Catalogue } from '../catalogue';

/** The texts a new site starts with, in French (fr-BE): the keys of ../site-defaults.ts. */
export const SITE_DEFAULT_MSG = {
  privacyTextDefault:
    'Les données que vous nous envoyez via le formulaire de contact (nom, adresse e-mail, numéro de téléphone, message et CV) servent uniquement à vous répondre ou à examiner votre candidature. Seul le personnel de l’entreprise les lit, personne d’autre. Votre message et sa pièce jointe sont effacés {days} jours après leur réception. Une candidature, avec nos notes et les entretiens qui la concernent, est effacée {months} mois après que nous vous avons communiqué notre décision ou après la clôture de l’offre d’emploi. Si vous acceptez que nous la conservions pour de futures offres, nous la gardons jusqu’à 24 mois après votre dernière candidature. Si nous vous engageons, elle rejoint votre dossier du personnel. Pour consulter, exporter ou faire effacer les données que nous conservons à votre sujet, écrivez-nous à l’adresse indiquée sur ce site.',
  confirmationTextDefault:
    'Merci pour votre message. Nous l’avons bien reçu et nous vous répondrons dans les meilleurs délais.',
} as const satisfies Catalogue;
