import { useLoaderData } from 'react-router';
import { PageHeader } from '../../ui/public/page-header';
import { CareersTiles } from './careers-tiles';
import type { CareersData } from './home-route';
import styles from './home.module.css';
import { useText } from '../../lib/language';

/** /careers: the careers teaser on a page of its own; the full list is /vacatures. */
export function CareersPage() {
  const { openings } = useLoaderData() as CareersData;
  const t = useText();
  return (
    <>
      <PageHeader dark title={t('careersHeading')} lead={t('careersLead')} />
      <section className={styles.section} aria-label={t('openPositions')}>
        <div className={styles.inner}>
          <CareersTiles headingLevel={2} openings={openings} />
        </div>
      </section>
    </>
  );
}
