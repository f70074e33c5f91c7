import type { PublicSiteSettings } from '@app/shared/schemas/content';
import { ROUTES } from '@app/shared/routes';
import type { Opening } from './careers-tiles';
import type { StyledHandle } from '../../lib/styled-handle';
import { SITE_NAME } from '../../lib/meta';
import { absoluteUrl, organizationLd, withContext } from '../../lib/jsonld';
import homeStyles from './home.module.css';
import carouselStyles from './vision-carousel.module.css';

export interface Masthead {
  mastheadTitle: string;
  mastheadBody: string;
}
export interface Intro {
  title: string;
  history: string;
  body: string;
}
export interface HomeData {
  masthead: Masthead | null;
  intro: Intro | null;
  settings: PublicSiteSettings;
  /** The open vacancies' ids, titles and slugs, so a career tile can open its own vacancy. */
  openings: Opening[];
}
export interface CareersData {
  openings: Opening[];
}

export const homeHandle: StyledHandle = {
  styles: [homeStyles, carouselStyles],
  meta: ({ loaderData: data, t }) => {
    const settings = (data as HomeData | undefined)?.settings;
    return {
      title: t('homeTitle', { company: settings?.companyName ?? 'Redwall' }),
      description: t('homeDescription'),
      path: ROUTES.home.path,
      // Server-rendered <head> only (PageMeta.jsonLd).
      ...(import.meta.env.SSR
        ? {
            jsonLd: settings
              ? [
                  withContext(organizationLd(settings)),
                  withContext({ '@type': 'WebSite', name: SITE_NAME, url: absoluteUrl(ROUTES.home.path) }),
                ]
              : [],
          }
        : {}),
    };
  },
};

export const servicesHandle: StyledHandle = {
  styles: [homeStyles],
  meta: ({ t }) => ({
    title: `${t('servicesTitle')} | ${SITE_NAME}`,
    description: t('servicesDescription'),
    path: ROUTES.services.path,
  }),
};

export const careersHandle: StyledHandle = {
  styles: [homeStyles],
  meta: ({ t }) => ({
    title: `${t('careersTitle')} | ${SITE_NAME}`,
    description: t('careersDescription'),
    path: ROUTES.careers.path,
  }),
};
