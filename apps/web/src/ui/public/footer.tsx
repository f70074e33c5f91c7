import { Link } from '../../lib/link';
import { FOOTER_COPYRIGHT_YEAR } from '@app/shared/constants';
import { ROUTES } from '@app/shared/routes';
import type { PublicSiteSettings } from '@app/shared/schemas/content';
import { fillText } from '@app/shared/messages/fill-text';
import { usePublic } from '../../lib/language';
import { LogoMark } from './logo-mark';
import styles from './footer.module.css';

/** Company name, Antwerp address, copyright 2024, logo link to the social page. */
export function Footer({ settings }: { settings: PublicSiteSettings }) {
  const { companyName, address, socialUrl } = settings;
  const t = usePublic().texts.site;
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
              aria-label={fillText(t.footerSocial, { company: companyName })}
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
        <nav aria-label={t.footerNav} className={styles.links}>
          <Link to={ROUTES.about.path}>{t.navAbout}</Link>
          <Link to={ROUTES.vision.path}>{t.navVision}</Link>
          <Link to={ROUTES.posts.path}>{t.navPosts}</Link>
          <Link to={ROUTES.vacancies.path}>{t.footerCareers}</Link>
          {/* Sign-in is the back office's, in English at its one address. */}
          <a href={ROUTES.login.path}>{t.footerStaffLogin}</a>
        </nav>
        <p className={styles.copyright}>
          {fillText(t.footerCopyright, { company: companyName, year: FOOTER_COPYRIGHT_YEAR })}
        </p>
      </div>
    </footer>
  );
}
