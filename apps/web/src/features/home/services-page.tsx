import { ROUTES } from '@app/shared/routes';
import { Link } from '../../lib/link';
import { PageHeader } from '../../ui/public/page-header';
import btn from '../../ui/public/button.module.css';
import { ServiceCards } from './services';
import styles from './home.module.css';

/** /services: the services section on a page of its own. */
export function ServicesPage() {
  return (
    <>
      <PageHeader
        dark
        title="Our Services"
        lead="Since 2010 we help banks, public institutions and industry build software they can trust."
      />
      <section className={styles.section} aria-label="Services">
        <div className={styles.inner}>
          <ServiceCards headingLevel={2} />
          <p className={styles.center}>
            <Link to={`${ROUTES.home.path}#contact`} className={btn.button}>
              Contact us
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
