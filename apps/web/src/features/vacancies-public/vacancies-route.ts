import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { Vacancy } from '@app/shared/schemas/vacancies';
import { vacancyPath } from '@app/shared/routes';
import type { PublicSiteSettings } from '@app/shared/schemas/content';
import { DEFAULT_VACANCY_ID, truncate } from '@app/shared/constants';
import { parseId } from '@app/shared/ids';
import { loaderGet } from '../../lib/api-client';
import type { StyledHandle } from '../../lib/styled-handle';
import { SITE_NAME } from '../../lib/meta';
import { loadSettings } from '../../lib/site-settings';
import { absoluteUrl, postalAddress, withContext } from '../../lib/jsonld';
import { isoDate } from '../../ui/public/format';
import vacanciesStyles from './vacancies.module.css';

export interface VacanciesData {
  vacancies: Vacancy[];
  failed: boolean;
}
export interface VacancyData {
  /** Null only on /vacancy when the default vacancy cannot be read (no redirect loop). */
  vacancy: Vacancy | null;
  settings: PublicSiteSettings;
  /** Set when the vacancy is closed or expired: the open ones its page links to instead. */
  openings?: Pick<Vacancy, 'id' | 'title' | 'slug'>[];
}

export async function vacanciesLoader({ context }: LoaderFunctionArgs): Promise<VacanciesData> {
  try {
    return { vacancies: await loaderGet<Vacancy[]>('/vacancy', context), failed: false };
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
export async function vacancyLoader({ params, context }: LoaderFunctionArgs): Promise<VacancyData> {
  const raw = params['vacancyId'];
  const id = raw === undefined ? DEFAULT_VACANCY_ID : parseId(raw);
  const settingsRead = loadSettings(context);
  let vacancy: Vacancy;
  try {
    if (id === undefined) throw new Error('not a vacancy id');
    vacancy = await loaderGet<Vacancy>(`/vacancy/${id}`, context);
  } catch {
    await settingsRead;
    if (raw !== undefined) throw redirect('/vacancy');
    return { vacancy: null, settings: await settingsRead };
  }
  if (raw !== undefined && params['slug'] !== vacancy.slug) throw redirect(vacancyPath(vacancy), 301);
  // The public list holds exactly the open, unexpired vacancies (the server decides, in Brussels
  // time), so a vacancy missing from it is filled. An unreadable list leaves the page as it is.
  const openings = await loaderGet<Vacancy[]>('/vacancy', context).catch(() => undefined);
  const settings = await settingsRead;
  if (!openings || openings.some((o) => o.id === vacancy.id)) return { vacancy, settings };
  return { vacancy, settings, openings: openings.map(({ id: oid, title, slug }) => ({ id: oid, title, slug })) };
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const vacanciesHandle: StyledHandle = {
  styles: [vacanciesStyles],
  meta: () => ({
    title: `Vacancies: open positions in Antwerp | ${SITE_NAME}`,
    description: 'Open positions at our security consultancy in Antwerp: developers, office and administration roles.',
    path: '/vacatures',
  }),
};

export const vacancyHandle: StyledHandle = {
  styles: [vacanciesStyles],
  meta: ({ data }) => {
    const d = data as VacancyData | undefined;
    const v = d?.vacancy;
    if (!d || !v) return { title: `Vacancy | ${SITE_NAME}`, path: '/vacancy', noindex: true };
    const path = vacancyPath(v);
    // A filled position: the page stays for old links, but search engines should drop it.
    if (d.openings) return { title: `${v.title} (position filled) | ${SITE_NAME}`, path, noindex: true };
    const [city, ...rest] = v.location.split(',').map((part) => part.trim());
    const country = rest.at(-1);
    return {
      title: `${v.title} (vacancy in ${city}) | ${SITE_NAME}`,
      description: truncate(oneLine(`${v.function} ${v.description}`), 155),
      path,
      jsonLd: [
        withContext({
          '@type': 'JobPosting',
          title: v.title,
          description: (
            [
              ['Expectations', v.expectation],
              ['Function', v.function],
              ['Description', v.description],
              ['Offer', v.offer],
            ] as const
          )
            .filter(([, text]) => text)
            .map(([h, text]) => `<h2>${h}</h2><p>${escapeHtml(text)}</p>`)
            .join(''),
          datePosted: isoDate(v.date),
          employmentType: v.employmentType,
          // The last day applications are open (ISO 8601 date, a Brussels day).
          ...(v.closingDate ? { validThrough: v.closingDate } : {}),
          hiringOrganization: {
            '@type': 'Organization',
            name: d.settings.companyName,
            sameAs: absoluteUrl('/'),
            logo: absoluteUrl('/logo.png'),
          },
          // The company's own address when the vacancy is where the company is, else the town named.
          jobLocation: {
            '@type': 'Place',
            address:
              city && d.settings.address.toLowerCase().includes(city.toLowerCase())
                ? postalAddress(d.settings.address)
                : {
                    '@type': 'PostalAddress',
                    addressLocality: city,
                    ...(country ? { addressCountry: country === 'Belgium' ? 'BE' : country } : {}),
                  },
          },
          identifier: { '@type': 'PropertyValue', name: d.settings.companyName, value: String(v.id) },
          url: absoluteUrl(path),
        }),
      ],
    };
  },
};
