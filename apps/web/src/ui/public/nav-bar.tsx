import { ROUTES, tagPath } from '@app/shared/routes';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { LOCALE_TABLE } from '@app/shared/locales';
import { Link } from '../../lib/link';
import { usePublic } from '../../lib/language';
import { useLanguageLinks } from '../../lib/language-links';
import { LogoMark } from './logo-mark';
import styles from './nav-bar.module.css';
import a11y from './a11y.module.css';

/** Navigation bar: fragments of the home page, then About and Posts (labels: the site texts' keys). */
export const NAV_LINKS = [
  { label: 'navIntro', to: `${ROUTES.home.path}#intro` },
  { label: 'navServices', to: `${ROUTES.home.path}#services` },
  { label: 'navVision', to: `${ROUTES.home.path}#vision` },
  { label: 'navJoin', to: `${ROUTES.home.path}#portfolio` },
  { label: 'navContact', to: `${ROUTES.home.path}#contact` },
  { label: 'navAbout', to: ROUTES.about.path },
  { label: 'navPosts', to: ROUTES.posts.path },
] as const;

/**
 * Routes on which the bar is always solid: the spec's list, and the pages this site added with the
 * same light header (the privacy notice, a tag's posts). Over a light header the transparent bar's
 * white links cannot be read, and a page too short to scroll never turns it solid.
 */
export const isSolidRoute = (pathname: string) =>
  [
    'vacancy',
    ROUTES.vision.path,
    ROUTES.about.path,
    ROUTES.posts.path,
    ROUTES.vacancies.path,
    ROUTES.privacy.path,
    tagPath(''),
  ].some((part) => pathname.includes(part));

/** Scrolled further than this, the bar turns solid and shrinks. */
const SHRINK_AFTER_PX = 100;

export function NavBar({ companyName }: { companyName: string }) {
  const { pathname } = useLocation();
  const t = usePublic().texts.site;
  const languages = useLanguageLinks();
  const [scrolled, setScrolled] = useState(false);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > SHRINK_AFTER_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  // A new page or fragment closes the menu, and Escape closes it too.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const solid = isSolidRoute(pathname) || scrolled || open;
  const close = () => setOpen(false);

  return (
    <header className={`${styles.bar} ${solid ? styles.solid : ''}`} data-solid={solid} data-shrunk={scrolled}>
      <nav aria-label={t.navMain} className={styles.nav}>
        <Link to={ROUTES.home.path} className={styles.brand} onClick={close}>
          <LogoMark size={scrolled ? 30 : 36} />
          <span>{companyName}</span>
          <span className={a11y.srOnly}>{t.navHomeSuffix}</span>
        </Link>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls="main-menu"
          onClick={() => setOpen((o) => !o)}
        >
          <span className={styles.toggleIcon} aria-hidden="true" />
          {t.navMenu}
        </button>
        <ul id="main-menu" className={`${styles.menu} ${open ? styles.open : ''}`}>
          {NAV_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className={styles.link} onClick={close}>
                {t[l.label]}
              </Link>
            </li>
          ))}
          <li>
            {/*
              The same page in each language; a new page load, not a client navigation: the
              page's language, its texts and <html lang> come with the page.
            */}
            <ul className={styles.languages} aria-label={t.languageNav}>
              {languages.map(({ locale, href, current }) => (
                <li key={locale}>
                  <a
                    className={styles.link}
                    href={href}
                    hrefLang={LOCALE_TABLE[locale].tag}
                    lang={LOCALE_TABLE[locale].tag}
                    aria-current={current ? 'page' : undefined}
                    aria-label={LOCALE_TABLE[locale].name}
                  >
                    {locale}
                  </a>
                </li>
              ))}
            </ul>
          </li>
        </ul>
      </nav>
    </header>
  );
}
