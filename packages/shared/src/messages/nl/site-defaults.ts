import type { Catalogue } from '../catalogue';

/** The texts a new site starts with, in Dutch (nl-BE): the keys of ../site-defaults.ts. */
export const SITE_DEFAULT_MSG = {
  privacyTextDefault:
    'De gegevens die u via het contactformulier verstuurt (naam, e-mailadres, telefoonnummer, bericht en cv) gebruiken we alleen om u te antwoorden of om uw sollicitatie te bekijken. Alleen medewerkers van het bedrijf lezen ze, verder niemand. Uw bericht en de bijlage worden {days} dagen na ontvangst gewist. Een sollicitatie, met onze notities en de sollicitatiegesprekken erover, wissen we {months} maanden nadat we u onze beslissing hebben meegedeeld of nadat de vacature is gesloten. Gaat u ermee akkoord dat we ze bewaren voor toekomstige vacatures, dan bewaren we ze tot 24 maanden na uw laatste sollicitatie. Nemen we u in dienst, dan gaat ze naar uw personeelsdossier. Wilt u inzien, opvragen of laten wissen wat we over u bewaren, schrijf ons dan op het adres op deze website.',
  confirmationTextDefault:
    'Bedankt voor uw bericht. We hebben het goed ontvangen en nemen zo snel mogelijk contact met u op.',
} as const satisfies Catalogue;
