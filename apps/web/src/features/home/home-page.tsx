import { ROUTES } from '@app/shared/routes';
import { useLoaderData } from 'react-router';
import { Link } from '../../lib/link';
import { usePublic } from '../../lib/language';
import { SITE_NAME } from '../../lib/meta';
import { useFragmentScroll } from '../../ui/public/use-fragment-scroll';
import { Deferred, type LazyComponent } from '../../ui/public/deferred';
import btn from '../../ui/public/button.module.css';
import a11y from '../../ui/public/a11y.module.css';
import type { HomeData } from './home-route';
import { ServiceCards } from './services';
import { CareersTiles } from './careers-tiles';
import { VisionCarousel } from './vision-carousel';
import styles from './home.module.css';

/**
 * The landing page: masthead, intro, services, vision, careers and contact, in that order. The
 * contact form comes from the route composition and loads in the browser, near the viewport.
 */
export function HomePage({ loadContactForm }: { loadContactForm: LazyComponent<object> }) {
  const { masthead, intro, settings, openings } = useLoaderData() as HomeData;
  useFragmentScroll();
  const t = usePublic().texts.site;
  return (
    <>
      <section className={styles.masthead} aria-labelledby="masthead-title">
        <div className={styles.mastheadInner}>
          {masthead ? (
            <>
              <h1 id="masthead-title" className={styles.mastheadTitle}>
                {masthead.mastheadTitle}
              </h1>
              {masthead.mastheadBody && <p className={styles.mastheadBody}>{masthead.mastheadBody}</p>}
            </>
          ) : (
            <h1 id="masthead-title" className={a11y.srOnly}>
              {SITE_NAME}
            </h1>
          )}
          <Link to={ROUTES.about.path} className={`${btn.button} ${styles.mastheadButton}`}>
            {t.findOutMore}
          </Link>
        </div>
      </section>

      <section id="intro" className={styles.section} aria-labelledby={intro ? 'intro-title' : undefined}>
        {intro && (
          <div className={`${styles.inner} ${styles.intro}`}>
            <h2 id="intro-title" className={styles.heading}>
              {intro.title}
            </h2>
            <div className={styles.introText}>
              {intro.history && <p className={styles.lead}>{intro.history}</p>}
              {intro.body && <p>{intro.body}</p>}
            </div>
          </div>
        )}
      </section>

      <section id="services" className={`${styles.section} ${styles.tinted}`} aria-labelledby="services-title">
        <div className={styles.inner}>
          <h2 id="services-title" className={`${styles.heading} ${styles.centered}`}>
            {t.homeServices}
          </h2>
          <p className={styles.subheading}>{t.homeServicesLead}</p>
          <ServiceCards />
        </div>
      </section>

      <section id="vision" className={`${styles.section} ${styles.vision}`} aria-labelledby="vision-title">
        <div className={styles.inner}>
          <h2 id="vision-title" className={`${styles.heading} ${styles.centered}`}>
            {t.homeVision}
          </h2>
          <hr className={styles.divider} />
          <VisionCarousel />
        </div>
      </section>

      <section id="portfolio" className={`${styles.section} ${styles.tinted}`} aria-labelledby="portfolio-title">
        <div className={styles.inner}>
          <h2 id="portfolio-title" className={`${styles.heading} ${styles.centered}`}>
            {t.homeJoin}
          </h2>
          <p className={styles.subheading}>{t.homeJoinLead}</p>
          <CareersTiles openings={openings} />
        </div>
      </section>

      <section id="contact" className={`${styles.section} ${styles.contact}`} aria-labelledby="contact-title">
        <div className={styles.inner}>
          <h2 id="contact-title" className={`${styles.heading} ${styles.centered}`}>
            {t.homeContact}
          </h2>
          <p className={styles.subheading}>{t.homeContactLead}</p>
          {settings.phone && (
            <p className={styles.phone}>
              {t.callUs}
              <a href={`tel:${settings.phone.replace(/[^+\d]/g, '')}`}>{settings.phone}</a>
            </p>
          )}
          <Deferred className={styles.contactForm} load={loadContactForm} props={{}} />
        </div>
      </section>
    </>
  );
}
