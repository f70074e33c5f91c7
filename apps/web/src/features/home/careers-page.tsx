import { useLoaderData } from 'react-router';
import { PageHeader } from '../../ui/public/page-header';
import { CareersTiles } from './careers-tiles';
import type { CareersData } from './home-route';
import styles from './home.module.css';

/** /careers: the careers teaser on a page of its own; the full list is /vacatures. */
export function CareersPage() {
  const { openings } = useLoaderData() as CareersData;
  return (
    <>
      <PageHeader
        dark
        title="Join Our Team"
        lead="Small teams, senior colleagues, interesting clients and time to learn: find the role that fits you."
      />
      <section className={styles.section} aria-label="Open positions">
        <div className={styles.inner}>
          <CareersTiles headingLevel={2} openings={openings} />
        </div>
      </section>
    </>
  );
}
