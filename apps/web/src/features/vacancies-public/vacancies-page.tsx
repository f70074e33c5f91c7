import { useLoaderData } from 'react-router';
import { fillText } from '@app/shared/messages/fill-text';
import { Link } from '../../lib/link';
import { usePublic } from '../../lib/language';
import { vacancyPath, ROUTES } from '@app/shared/routes';
import { PageHeader } from '../../ui/public/page-header';
import btn from '../../ui/public/button.module.css';
import type { VacanciesData } from './vacancies-route';
import styles from './vacancies.module.css';

/** /vacatures: every vacancy with its title and function. */
export function VacanciesPage() {
  const { vacancies, failed } = useLoaderData() as VacanciesData;
  const { texts } = usePublic();
  const t = texts.site;
  return (
    <>
      <PageHeader title={t.vacanciesHeading} lead={t.vacanciesLead} />
      <div className={styles.page}>
        <p className={styles.mainLink}>
          <Link to={`${ROUTES.home.path}#portfolio`} className={btn.link}>
            {t.mainPage}
          </Link>
        </p>
        {failed && (
          <p role="alert" className={styles.alert}>
            {texts.public.vacancyListFailed}
          </p>
        )}
        {!failed && vacancies.length === 0 && <p>{t.noOpenings}</p>}
        <ul className={styles.list}>
          {vacancies.map((v) => (
            <li key={v.id} className={styles.card}>
              <h2 className={styles.title}>
                {/* The title link covers the whole card, so clicking anywhere opens the vacancy. */}
                <Link to={vacancyPath(v)} className={styles.cardLink}>
                  {v.title}
                </Link>
              </h2>
              <p className={styles.facts}>{`${t[`employment_${v.employmentType}`]} · ${v.location}`}</p>
              <p className={styles.function}>{v.function}</p>
              <Link
                to={vacancyPath(v)}
                className={`${btn.button} ${btn.small} ${styles.view}`}
                aria-label={fillText(t.viewVacancy, { title: v.title })}
              >
                {t.viewVacancyButton}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
