import { ROUTES } from '@app/shared/routes';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Link } from '../lib/link';
import { useText } from '../lib/language';
import { PageHeader } from '../ui/public/page-header';
import btn from '../ui/public/button.module.css';
import styles from './public-layout.module.css';

/** A page that failed to load, shown inside the public layout (bar and footer stay). */
export function PublicError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const t = useText();
  return (
    <>
      <PageHeader title={notFound ? t('notFoundTitle') : t('errorTitle')} />
      <div className={styles.message}>
        <p>{notFound ? t('notFoundLead') : t('errorLead')}</p>
        <Link className={btn.button} to={ROUTES.home.path}>
          {t('backHome')}
        </Link>
      </div>
    </>
  );
}
