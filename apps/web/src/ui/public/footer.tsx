import { Link } from '../../lib/link';
import { FOOTER_COPYRIGHT_YEAR } from '@app/shared/constants';
import { ROUTES } from '@app/shared/routes';
import type { PublicSiteSettings } from '@app/shared/schemas/content';
import { LogoMark } from './logo-mark';
import styles from './footer.module.css';

/** Company name, Antwerp address, copyright 2024, logo link to the social page. */
export function Footer({ settings }: { settings: PublicSiteSettings }) {
  const { companyName, address, socialUrl } = settings;
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.identity}>
          {socialUrl ? (
            <a
              href={socialUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={styles.logo}
              aria-label={`${companyName} on social media (opens in a new tab)`}
            >
              <LogoMark size={44} />
            </a>
          ) : (
            <span className={styles.logo}>
              <LogoMark size={44} />
            </span>
          )}
          <div>
            <p className={styles.name}>{companyName}</p>
            <address className={styles.address}>{address}</address>
          </div>
        </div>
        <nav aria-label="Footer" className={styles.links}>
          <Link to={ROUTES.about.path}>About</Link>
          <Link to={ROUTES.vision.path}>Vision</Link>
          <Link to={ROUTES.posts.path}>Posts</Link>
          <Link to={ROUTES.vacancies.path}>Careers</Link>
          <Link to={ROUTES.login.path}>Staff login</Link>
        </nav>
        <p className={styles.copyright}>
          Copyright © {companyName} {FOOTER_COPYRIGHT_YEAR}
        </p>
      </div>
    </footer>
  );
}
