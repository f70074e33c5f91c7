import { ROUTES } from '@app/shared/routes';
import { Link } from '../../lib/link';
import { PageHeader } from '../../ui/public/page-header';
import btn from '../../ui/public/button.module.css';
import { ServiceCards } from './services';
import styles from './home.module.css';
import { useText } from '../../lib/language';

/** /services: the services section on a page of its own. */
export function ServicesPage() {
  const t = useText();
  return (
    <>
      <PageHeader dark title={t('homeServices')} lead={t('servicesLead')} />
      <section className={styles.section} aria-label={t('navServices')}>
        <div className={styles.inner}>
          <ServiceCards headingLevel={2} />
          <p className={styles.center}>
            <Link to={`${ROUTES.home.path}#contact`} className={btn.button}>
              {t('contactUsButton')}
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
