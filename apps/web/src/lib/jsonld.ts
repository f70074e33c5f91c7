import { ROUTES } from '@app/shared/routes';
import type { PublicSiteSettings } from '@app/shared/schemas/content';
import { runtimeConfig } from './runtime-config';

/** Absolute URL of a site path (structured data needs absolute URLs). */
export const absoluteUrl = (path: string) => `${runtimeConfig().publicUrl}${path}`;

/** The company's address as schema.org wants it; the street part is whatever precedes the city. */
export function postalAddress(address: string) {
  return {
    '@type': 'PostalAddress',
    streetAddress: address.split(',')[0]?.trim() ?? address,
    addressLocality: 'Antwerp',
    addressRegion: 'Antwerp',
    postalCode: /\b(\d{4})\b/.exec(address)?.[1] ?? '2000',
    addressCountry: 'BE',
  };
}

/** schema.org Organization for the company, from the site settings. */
export function organizationLd(settings: PublicSiteSettings) {
  return {
    '@type': 'Organization',
    name: settings.companyName,
    url: absoluteUrl(ROUTES.home.path),
    logo: absoluteUrl('/logo.png'),
    ...(settings.phone ? { telephone: settings.phone } : {}),
    address: postalAddress(settings.address),
    foundingDate: '2010-09',
    ...(settings.socialUrl ? { sameAs: [settings.socialUrl] } : {}),
  };
}

export const withContext = <T extends object>(ld: T) => ({ '@context': 'https://schema.org', ...ld });
