import { ROUTES } from '@app/shared/routes';
import { Link } from '../../lib/link';
import { useText } from '../../lib/language';
import { PageHeader } from '../../ui/public/page-header';
import btn from '../../ui/public/button.module.css';
import styles from './not-found-page.module.css';

/**
 * Any address no route has: inside the public layout, with the bar and the footer. The header is
 * the dark one (as on /services): the bar is transparent at the top of a page it does not know
 * (ui/public/nav-bar.tsx), and its white links need a dark ground.
 */
export function NotFoundPage() {
  const t = useText();
  return (
    <>
      <PageHeader dark title={t('notFoundTitle')} lead={t('notFoundLead')} />
      <div className={styles.page}>
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <Link className={btn.button} to={ROUTES.home.path}>
          {t('backHome')}
        </Link>
      </div>
    </>
  );
}
