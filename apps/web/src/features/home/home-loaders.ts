import type { LoaderFunctionArgs } from 'react-router';
import type { IntroResponse, MastheadResponse } from '@app/shared/schemas/content';
import type { Vacancy } from '@app/shared/schemas/vacancies';
import { loaderGet, type RouterContext } from '../../lib/loader-get';
import { loadSettings } from '../../lib/site-settings';
import type { Opening } from './careers-tiles';
import type { CareersData, HomeData, Intro, Masthead } from './home-route';
import { API } from '@app/shared/api-paths';

// Loaded with the route's page (app/public-routes.tsx), not with the entry: each public page's
// first load carries its own loader only (the first-load budget, decision 0080).

/** The vacancies the careers tiles may point to; an unreadable list leaves every tile on /vacatures. */
async function loadOpenings(context: RouterContext): Promise<Opening[]> {
  const list = await loaderGet<Vacancy[]>(API.vacancies, context).catch((): Vacancy[] => []);
  // The public list holds open, unexpired vacancies only (GET /api/vacancy).
  return list.map(({ id, title, slug, homeTile }) => ({ id, title, slug, homeTile }));
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
    loaderGet<MastheadResponse>(API.masthead, context).catch(() => null),
    loaderGet<IntroResponse>(API.intro, context).catch(() => null),
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
