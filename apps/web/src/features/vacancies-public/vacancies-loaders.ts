import { brusselsDate } from '@app/shared/brussels';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { Vacancy } from '@app/shared/schemas/vacancies';
import { vacancyPath, ROUTES } from '@app/shared/routes';
import { DEFAULT_VACANCY_ID } from '@app/shared/constants';
import { parseId } from '@app/shared/ids';
import { localizeHref, localeOf } from '../../lib/language';
import { loaderGet } from '../../lib/loader-get';
import { loadSettings } from '../../lib/site-settings';
import type { VacanciesData, VacancyData } from './vacancies-route';
import { API, apiPath } from '@app/shared/api-paths';

// Loaded with the route's page (app/public-routes.tsx), not with the entry: each public page's
// first load carries its own loader only (the first-load budget, decision 0080).

export async function vacanciesLoader({ context }: LoaderFunctionArgs): Promise<VacanciesData> {
  try {
    return { vacancies: await loaderGet<Vacancy[]>(API.vacancies, context), failed: false };
  } catch {
    return { vacancies: [], failed: true };
  }
}

/**
 * /vacancy/{vacancyId}/{slug}, and /vacancy for the default id 1. A vacancy that fails to load
 * redirects to /vacancy; on /vacancy itself the page says so instead
 * (docs/decisions/0008-public-site.md). `/vacancy/{id}` and any other slug answer 301 to the
 * canonical URL. A closed or expired vacancy still has its page, which links to the open ones.
 */
export async function vacancyLoader({ params, context, request }: LoaderFunctionArgs): Promise<VacancyData> {
  const raw = params['vacancyId'];
  const id = raw === undefined ? DEFAULT_VACANCY_ID : parseId(raw);
  const settingsRead = loadSettings(context);
  let vacancy: Vacancy;
  try {
    if (id === undefined) throw new Error('not a vacancy id');
    vacancy = await loaderGet<Vacancy>(apiPath(API.vacancy, { id }), context);
  } catch {
    await settingsRead;
    if (raw !== undefined) throw redirect(localizeHref(localeOf(request.url), ROUTES.defaultVacancy.path));
    return { vacancy: null, settings: await settingsRead };
  }
  if (raw !== undefined && (params['slug'] !== vacancy.slug || raw !== String(id))) {
    throw redirect(localizeHref(localeOf(request.url), vacancyPath(vacancy)), 301);
  }
  // Closed by hand, or past its closing date (a Brussels day, open through it): the position is
  // filled, and the page links to the open ones. Told from the vacancy itself, not from its place in
  // the public list, which holds only the first OPEN_VACANCIES_MAX open vacancies.
  const settings = await settingsRead;
  const filled = vacancy.status === 'closed' || (!!vacancy.closingDate && vacancy.closingDate < brusselsDate());
  if (!filled) return { vacancy, settings };
  const openings = (await loaderGet<Vacancy[]>(API.vacancies, context).catch(() => [])).filter(
    (o) => o.id !== vacancy.id,
  );
  return { vacancy, settings, openings: openings.map(({ id: oid, title, slug }) => ({ id: oid, title, slug })) };
}
