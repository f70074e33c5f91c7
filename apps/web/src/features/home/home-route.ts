import type { LoaderFunctionArgs } from 'react-router';
import type { IntroResponse, MastheadResponse, PublicSiteSettings } from '@app/shared/schemas/content';
import type { Vacancy } from '@app/shared/schemas/vacancies';
import { loaderGet } from '../../lib/api-client';
import type { Opening } from './careers-tiles';
import type { StyledHandle } from '../../lib/styled-handle';
import { SITE_NAME } from '../../lib/meta';
import { loadSettings } from '../../lib/site-settings';
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

/** The vacancies the careers tiles may point to; an unreadable list leaves every tile on /vacatures. */
async function loadOpenings(context: unknown): Promise<Opening[]> {
  const list = await loaderGet<Vacancy[]>('/vacancy', context).catch((): Vacancy[] => []);
  // The public list holds open, unexpired vacancies only (GET /api/vacancy).
  return list.map(({ id, title, slug }) => ({ id, title, slug }));
}

export async function careersLoader({ context }: LoaderFunctionArgs): Promise<CareersData> {
  return { openings: await loadOpenings(context) };
}

const nonEmpty = <T extends object>(value: unknown, keys: (keyof T)[]): T | null => {
  const v = value as Partial<Record<keyof T, unknown>> | null | undefined;
  if (!v || typeof v !== 'object') return null;
  // "Shows nothing if the response is empty": {} or all-blank texts.
  return keys.some((k) => typeof v[k] === 'string' && (v[k] as string).trim()) ? (v as T) : null;
};

/** Masthead, intro and settings together; a failed read shows the section empty, not an error. */
export async function homeLoader({ context }: LoaderFunctionArgs): Promise<HomeData> {
  const [masthead, intro, settings, openings] = await Promise.all([
    loaderGet<MastheadResponse>('/masthead', context).catch(() => null),
    loaderGet<IntroResponse>('/intro', context).catch(() => null),
    loadSettings(context),
    loadOpenings(context),
  ]);
  return {
    masthead: nonEmpty<Masthead>(masthead, ['mastheadTitle', 'mastheadBody']),
    intro: nonEmpty<Intro>(intro, ['title', 'history', 'body']),
    settings,
    openings,
  };
}

export const HOME_DESCRIPTION =
  'Java, J2EE, JavaScript and PKI consulting, digital signatures, business continuity and security scans from Antwerp, Belgium.';

export const homeHandle: StyledHandle = {
  styles: [homeStyles, carouselStyles],
  meta: ({ data }) => {
    const settings = (data as HomeData | undefined)?.settings;
    return {
      title: `${settings?.companyName ?? 'Redwall'} | Security Integrations, PKI and Java consulting in Antwerp`,
      description: HOME_DESCRIPTION,
      path: '/',
      jsonLd: settings
        ? [
            withContext(organizationLd(settings)),
            withContext({ '@type': 'WebSite', name: SITE_NAME, url: absoluteUrl('/') }),
          ]
        : [],
    };
  },
};

export const servicesHandle: StyledHandle = {
  styles: [homeStyles],
  meta: () => ({
    title: `Our Services | ${SITE_NAME}`,
    description:
      'Java, J2EE & Javascript development, digital signatures and PKI, BC/DR solutions and security scans by a Belgian security consultancy.',
    path: '/services',
  }),
};

export const careersHandle: StyledHandle = {
  styles: [homeStyles],
  meta: () => ({
    title: `Careers: Join Our Team | ${SITE_NAME}`,
    description: 'Work as a Java Developer, Office Manager or Admin Manager at a security consultancy in Antwerp.',
    path: '/careers',
  }),
};
