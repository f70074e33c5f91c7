import { ROUTES } from '@app/shared/routes';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Link } from '../lib/link';
import { PageHeader } from '../ui/public/page-header';
import btn from '../ui/public/button.module.css';
import styles from './public-layout.module.css';

/** A page that failed to load, shown inside the public layout (bar and footer stay). */
export function PublicError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <PageHeader title={notFound ? 'Page not found' : 'Something went wrong'} />
      <div className={styles.message}>
        <p>
          {notFound ? 'The page you are looking for does not exist or has moved.' : 'Please try again in a moment.'}
        </p>
        <Link className={btn.button} to={ROUTES.home.path}>
          Back to the home page
        </Link>
      </div>
    </>
  );
}
