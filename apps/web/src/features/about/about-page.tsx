import { useSiteSettings } from '../../lib/site-settings';
import { PageHeader } from '../../ui/public/page-header';
import styles from './about-page.module.css';
import { useText, type SiteKey } from '../../lib/language';

/** What each company does, in the order of the settings' entities. */
const ROLES: readonly SiteKey[] = ['aboutRoleConsultancy', 'aboutRoleSister'];

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
            {ROLES[i] && <p className={styles.role}>{t(ROLES[i])}</p>}
            <dl className={styles.fields}>
              <dt>{t('aboutAddress')}</dt>
              <dd>{e.address}</dd>
              <dt>{t('aboutWebsite')}</dt>
              <dd>
                <a href={e.website} rel="noopener">
                  {e.website.replace(/^https?:\/\//, '')}
                </a>
              </dd>
              <dt>{t('aboutRegistrationNumber')}</dt>
              <dd>{e.registrationNumber}</dd>
              <dt>{t('aboutEmail')}</dt>
              <dd>
                <a href={`mailto:${e.email}`}>{e.email}</a>
              </dd>
              <dt>{t('aboutPhone')}</dt>
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
