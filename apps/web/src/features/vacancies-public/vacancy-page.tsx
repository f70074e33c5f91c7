import { useLoaderData } from 'react-router';
import { Link } from '../../lib/link';
import { usePublic } from '../../lib/language';
import { contentLang } from '../../lib/content-languages';
import { vacancyPath, ROUTES } from '@app/shared/routes';
import { Deferred, type LazyComponent } from '../../ui/public/deferred';
import btn from '../../ui/public/button.module.css';
import type { VacancyData } from './vacancies-route';
import styles from './vacancies.module.css';

const SECTIONS = [
  ['expectations', 'expectation'],
  ['function', 'function'],
  ['description', 'description'],
  ['offer', 'offer'],
] as const;

/**
 * /vacancy/{vacancyId}/{slug} (default 1): the four sections, the contact form as a job
 * application (it comes from the route composition and loads near the viewport), back to the
 * list. A closed or expired vacancy says the position is filled and links to the open ones.
 */
export function VacancyPage({ loadContactForm }: { loadContactForm: LazyComponent<{ vacancyId: number }> }) {
  const { vacancy, settings, openings } = useLoaderData() as VacancyData;
  const { locale, texts } = usePublic();
  const t = texts.site;
  if (!vacancy) {
    return (
      <div className={`${styles.page} ${styles.detail}`}>
        <h1 className={styles.detailTitle}>{t.vacancyTitle}</h1>
        <p>{t.vacancyUnavailable}</p>
        <Link to={ROUTES.vacancies.path} className={btn.button}>
          {t.backToOverview}
        </Link>
      </div>
    );
  }
  return (
    <article
      className={`${styles.page} ${styles.detail}`}
      aria-labelledby="vacancy-title"
      lang={contentLang(locale, vacancy)}
    >
      <Link to={ROUTES.vacancies.path} className={styles.back}>
        {t.backToOverviewArrow}
      </Link>
      <h1 id="vacancy-title" className={styles.detailTitle}>
        {vacancy.title}
      </h1>
      <p className={styles.meta}>
        {`${t[`employment_${vacancy.employmentType}`]} · ${vacancy.location}`} · {settings.companyName}
      </p>
      {openings && (
        <section className={styles.filled} aria-labelledby="vacancy-filled">
          <h2 id="vacancy-filled">{t.vacancyFilled}</h2>
          {openings.length > 0 ? (
            <>
              <p>{t.seeOpenings}</p>
              <ul>
                {openings.map((o) => (
                  <li key={o.id}>
                    <Link to={vacancyPath(o)}>{o.title}</Link>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>{t.noOpenings}</p>
          )}
          <Link to={ROUTES.vacancies.path} className={btn.button}>
            {t.allVacancies}
          </Link>
        </section>
      )}
      <div className={styles.sections}>
        {SECTIONS.map(([heading, key]) =>
          vacancy[key] ? (
            <section key={key} className={styles.section} aria-labelledby={`vacancy-${key}`}>
              <h2 id={`vacancy-${key}`}>{t[heading]}</h2>
              <p>{vacancy[key]}</p>
            </section>
          ) : null,
        )}
      </div>
      {!openings && (
        <section className={styles.apply} aria-labelledby="apply-title">
          <h2 id="apply-title">{t.applyHeading}</h2>
          <p>
            {t.applyLead}
            {settings.phone && (
              <>
                {' '}
                {t.applyCall}
                <a href={`tel:${settings.phone.replace(/[^+\d]/g, '')}`}>{settings.phone}</a>.
              </>
            )}
          </p>
          <Deferred load={loadContactForm} props={{ vacancyId: vacancy.id }} />
        </section>
      )}
    </article>
  );
}
