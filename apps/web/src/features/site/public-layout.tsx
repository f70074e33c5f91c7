import { Link, Outlet } from 'react-router';
import styles from './public-layout.module.css';

export function PublicLayout() {
  return (
    <>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <header className={styles.header}>
        <nav aria-label="Main" className={styles.nav}>
          <Link to="/" className={styles.brand}>
            Redwall
          </Link>
          <Link to="/login">Login</Link>
        </nav>
      </header>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}
