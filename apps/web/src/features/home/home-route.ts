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

export const HOME_DESCRIPTION =
  'Java, J2EE, JavaScript and PKI consulting, digital signatures, business continuity and security scans from Antwerp, Belgium.';

export const homeHandle: StyledHandle = {
  styles: [homeStyles, carouselStyles],
  meta: ({ loaderData: data }) => {
    const settings = (data as HomeData | undefined)?.settings;
    return {
      title: `${settings?.companyName ?? 'Redwall'} | Security Integrations, PKI and Java consulting in Antwerp`,
      description: HOME_DESCRIPTION,
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
  meta: () => ({
    title: `Our Services | ${SITE_NAME}`,
    description:
      'Java, J2EE & Javascript development, digital signatures and PKI, BC/DR solutions and security scans by a Belgian security consultancy.',
    path: ROUTES.services.path,
  }),
};

export const careersHandle: StyledHandle = {
  styles: [homeStyles],
  meta: () => ({
    title: `Careers: Join Our Team | ${SITE_NAME}`,
    description: 'Work as a Java Developer, Office Manager or Admin Manager at a security consultancy in Antwerp.',
    path: ROUTES.careers.path,
  }),
};
