import type { Vacancy } from '@app/shared/schemas/vacancies';
import { vacancyPath, ROUTES } from '@app/shared/routes';
import type { PublicSiteSettings } from '@app/shared/schemas/content';
import { truncate } from '@app/shared/constants';
import type { StyledHandle } from '../../lib/styled-handle';
import { SITE_NAME } from '../../lib/meta';
import { absoluteUrl, postalAddress, withContext } from '../../lib/jsonld';
import { isoDate } from '../../ui/public/format';
import { itemLanguages, type ContentLanguages } from '../../lib/content-languages';
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

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const vacanciesHandle: StyledHandle = {
  styles: [vacanciesStyles],
  meta: ({ t }) => ({
    title: `${t('vacanciesTitle')} | ${SITE_NAME}`,
    description: t('vacanciesDescription'),
    path: ROUTES.vacancies.path,
  }),
};

export const vacancyHandle: StyledHandle = {
  styles: [vacanciesStyles],
  meta: ({ loaderData: data, t }) => {
    const d = data as VacancyData | undefined;
    const v = d?.vacancy;
    if (!d || !v)
      return { title: `${t('vacancyTitle')} | ${SITE_NAME}`, path: ROUTES.defaultVacancy.path, noindex: true };
    const path = vacancyPath(v);
    const languages = itemLanguages(
      v as ContentLanguages & typeof v,
      (slug) => vacancyPath({ ...v, slug }),
      ROUTES.vacancies.path,
    );
    // A filled position: the page stays for old links, but search engines should drop it.
    if (d.openings)
      return {
        title: `${t('vacancyFilledTitle', { title: v.title })} | ${SITE_NAME}`,
        path,
        noindex: true,
        ...languages,
      };
    const [city, ...rest] = v.location.split(',').map((part) => part.trim());
    const country = rest.at(-1);
    return {
      title: `${t('vacancyInTitle', { title: v.title, city: city ?? '' })} | ${SITE_NAME}`,
      description: truncate(oneLine(`${v.function} ${v.description}`), 155),
      path,
      ...languages,
      // Server-rendered <head> only (PageMeta.jsonLd).
      ...(import.meta.env.SSR
        ? {
            jsonLd: [
              withContext({
                '@type': 'JobPosting',
                title: v.title,
                description: (
                  [
                    [t('expectations'), v.expectation],
                    [t('function'), v.function],
                    [t('description'), v.description],
                    [t('offer'), v.offer],
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
                  sameAs: absoluteUrl(ROUTES.home.path),
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
          }
        : {}),
    };
  },
};
