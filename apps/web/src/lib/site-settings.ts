import type { PublicSiteSettings } from '@app/shared/schemas/content';
import { FOUNDED, RETENTION_DAYS_DEFAULT } from '@app/shared/constants';
import { loaderGet, type RouterContext } from './loader-get';
import { API } from '@app/shared/api-paths';
import { usePublic, type PageLanguage } from './language';

export type { PublicSiteSettings };

/** The id of a language's public layout route, whose loader holds the site settings for every public page. */
export const publicLayoutId = (locale: string) => (locale === 'en' ? 'public' : `public-${locale}`);

/**
 * Shown when the settings cannot be read, so that the layout (name, footer) still renders: a
 * missing settings row must not take the whole public site down.
 */
export const FALLBACK_SETTINGS: PublicSiteSettings = {
  companyName: 'Redwall',
  address: 'Antwerp, Belgium',
  phone: '',
  socialUrl: '',
  foundedOn: FOUNDED,
  entities: [],
  retentionDays: RETENTION_DAYS_DEFAULT,
  // Not the default text: it would weigh on every public page's first load for a rare fallback.
  privacyText: '',
};

/** GET /api/settings for a loader; never throws (falls back to FALLBACK_SETTINGS). */
export async function loadSettings(context: RouterContext): Promise<PublicSiteSettings> {
  try {
    const s = await loaderGet<PublicSiteSettings>(API.settings, context);
    return s && typeof s.companyName === 'string' ? s : FALLBACK_SETTINGS;
  } catch {
    return FALLBACK_SETTINGS;
  }
}

export interface PublicLayoutData extends PageLanguage {
  settings: PublicSiteSettings;
}

/** The site settings loaded once by the public layout. */
export function useSiteSettings(): PublicSiteSettings {
  return usePublic().settings;
}
