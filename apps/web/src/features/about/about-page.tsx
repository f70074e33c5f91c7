import { useSiteSettings } from '../../lib/site-settings';
import { PageHeader } from '../../ui/public/page-header';
import styles from './about-page.module.css';
import { useText } from '../../lib/language';

const ROLES = ['Our consultancy: Java, Javascript and PKI.', 'Our sister company: office management and investments.'];

/** /about: both legal entities with every field, from the site settings. */
export function AboutPage() {
  const settings = useSiteSettings();
  const t = useText();
  return (
    <>
      <PageHeader
        title={t('aboutHeading')}
        lead={t('aboutLead', { company: settings.companyName, founded: settings.foundedOn })}
      />
      <div className={styles.grid}>
        {settings.entities.map((e, i) => (
          <article key={e.legalName} className={styles.card} aria-labelledby={`entity-${i}`}>
            <h2 id={`entity-${i}`} className={styles.name}>
              {e.legalName}
            </h2>
            {ROLES[i] && <p className={styles.role}>{ROLES[i]}</p>}
            <dl className={styles.fields}>
              <dt>Address</dt>
              <dd>{e.address}</dd>
              <dt>Website</dt>
              <dd>
                <a href={e.website} rel="noopener">
                  {e.website.replace(/^https?:\/\//, '')}
                </a>
              </dd>
              <dt>Company registration number</dt>
              <dd>{e.registrationNumber}</dd>
              <dt>E-mail</dt>
              <dd>
                <a href={`mailto:${e.email}`}>{e.email}</a>
              </dd>
              <dt>Phone</dt>
              <dd>
                <a href={`tel:${e.phone.replace(/[^+\d]/g, '')}`}>{e.phone}</a>
              </dd>
            </dl>
          </article>
        ))}
        {settings.entities.length === 0 && <p>{t('aboutEmpty')}</p>}
      </div>
    </>
  );
}
