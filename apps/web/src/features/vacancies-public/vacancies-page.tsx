import { useLoaderData } from 'react-router';
import { Link } from '../../lib/link';
import { PUBLIC_MSG } from '@app/shared/messages/public';
import { vacancyPath, ROUTES } from '@app/shared/routes';
import { vacancyFacts } from '@app/shared/vacancy-facts';
import { PageHeader } from '../../ui/public/page-header';
import btn from '../../ui/public/button.module.css';
import type { VacanciesData } from './vacancies-route';
import styles from './vacancies.module.css';

/** /vacatures: every vacancy with its title and function. */
export function VacanciesPage() {
  const { vacancies, failed } = useLoaderData() as VacanciesData;
  return (
    <>
      <PageHeader
        title="Vacancies"
        lead="Find the role that fits you and grow with a team that takes security seriously."
      />
      <div className={styles.page}>
        <p className={styles.mainLink}>
          <Link to={`${ROUTES.home.path}#portfolio`} className={btn.link}>
            ← Main Page
          </Link>
        </p>
        {failed && (
          <p role="alert" className={styles.alert}>
            {PUBLIC_MSG.vacancyListFailed}
          </p>
        )}
        {!failed && vacancies.length === 0 && <p>There are no open positions at the moment. Please check back soon.</p>}
        <ul className={styles.list}>
          {vacancies.map((v) => (
            <li key={v.id} className={styles.card}>
              <h2 className={styles.title}>
                {/* The title link covers the whole card, so clicking anywhere opens the vacancy. */}
                <Link to={vacancyPath(v)} className={styles.cardLink}>
                  {v.title}
                </Link>
              </h2>
              <p className={styles.facts}>{vacancyFacts(v)}</p>
              <p className={styles.function}>{v.function}</p>
              <Link
                to={vacancyPath(v)}
                className={`${btn.button} ${btn.small} ${styles.view}`}
                aria-label={`View Vacancy: ${v.title}`}
              >
                View Vacancy
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
