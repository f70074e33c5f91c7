import { ROUTES, tagPath } from '@app/shared/routes';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../lib/link';
import { LogoMark } from './logo-mark';
import styles from './nav-bar.module.css';
import a11y from './a11y.module.css';

/** Navigation bar: fragments of the home page, then About and Posts. */
export const NAV_LINKS = [
  { label: 'Intro', to: `${ROUTES.home.path}#intro` },
  { label: 'Services', to: `${ROUTES.home.path}#services` },
  { label: 'Vision', to: `${ROUTES.home.path}#vision` },
  { label: 'Join Our Team', to: `${ROUTES.home.path}#portfolio` },
  { label: 'Contact', to: `${ROUTES.home.path}#contact` },
  { label: 'About', to: ROUTES.about.path },
  { label: 'Posts', to: ROUTES.posts.path },
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
      <nav aria-label="Main" className={styles.nav}>
        <Link to={ROUTES.home.path} className={styles.brand} onClick={close}>
          <LogoMark size={scrolled ? 30 : 36} />
          <span>{companyName}</span>
          <span className={a11y.srOnly}> home</span>
        </Link>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls="main-menu"
          onClick={() => setOpen((o) => !o)}
        >
          <span className={styles.toggleIcon} aria-hidden="true" />
          Menu
        </button>
        <ul id="main-menu" className={`${styles.menu} ${open ? styles.open : ''}`}>
          {NAV_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className={styles.link} onClick={close}>
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
