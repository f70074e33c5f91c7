import { Link } from '../../lib/link';
import styles from './not-found-page.module.css';

export function NotFoundPage() {
  return (
    <main className={styles.page}>
      <p className={styles.code}>404</p>
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link className={styles.button} to="/">
        Back to the home page
      </Link>
    </main>
  );
}
