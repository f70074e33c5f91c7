import { Link, useLoaderData } from 'react-router';
import { Deferred, type LazyComponent } from '../../ui/public/deferred';
import btn from '../../ui/public/button.module.css';
import type { VacancyData } from './vacancies-route';
import styles from './vacancies.module.css';

const SECTIONS = [
  ['Expectations', 'expectation'],
  ['Function', 'function'],
  ['Description', 'description'],
  ['Offer', 'offer'],
] as const;

/**
 * /vacancy/{vacancyId} (default 1): the four sections, the contact form as a job application (it
 * comes from the route composition and loads near the viewport), back to the list.
 */
export function VacancyPage({ loadContactForm }: { loadContactForm: LazyComponent<{ vacancyId: number }> }) {
  const { vacancy, settings } = useLoaderData() as VacancyData;
  if (!vacancy) {
    return (
      <div className={`${styles.page} ${styles.detail}`}>
        <h1 className={styles.detailTitle}>Vacancy</h1>
        <p>This vacancy is not available at the moment. Have a look at our other open positions.</p>
        <Link to="/vacatures" className={btn.button}>
          Back to Overview
        </Link>
      </div>
    );
  }
  return (
    <article className={`${styles.page} ${styles.detail}`} aria-labelledby="vacancy-title">
      <Link to="/vacatures" className={styles.back}>
        ← Back to Overview
      </Link>
      <h1 id="vacancy-title" className={styles.detailTitle}>
        {vacancy.title}
      </h1>
      <p className={styles.meta}>Full time · Antwerp, Belgium · {settings.companyName}</p>
      <div className={styles.sections}>
        {SECTIONS.map(([heading, key]) =>
          vacancy[key] ? (
            <section key={key} className={styles.section} aria-labelledby={`vacancy-${key}`}>
              <h2 id={`vacancy-${key}`}>{heading}</h2>
              <p>{vacancy[key]}</p>
            </section>
          ) : null,
        )}
      </div>
      <section className={styles.apply} aria-labelledby="apply-title">
        <h2 id="apply-title">Apply for this position</h2>
        <p>
          Tell us about yourself and attach your CV as a PDF.
          {settings.phone && (
            <>
              {' '}
              Prefer to talk first? Call us on{' '}
              <a href={`tel:${settings.phone.replace(/[^+\d]/g, '')}`}>{settings.phone}</a>.
            </>
          )}
        </p>
        <Deferred load={loadContactForm} props={{ vacancyId: vacancy.id }} />
      </section>
    </article>
  );
}
