import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Link } from '../../lib/link';
import { CORE_MSG } from '@app/shared/messages/core';
import { ROUTES } from '@app/shared/routes';
import { PageHeader } from '../../ui/public/page-header';
import btn from '../../ui/public/button.module.css';
import styles from './posts.module.css';

/** /post/{id} that cannot be shown: 'Invalid Post ID' for an unknown id, else 'Something went wrong'. */
export function PostError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message =
    isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : CORE_MSG.postDetailFailed;
  return (
    <>
      <PageHeader title={notFound ? 'Post not found' : CORE_MSG.postDetailFailed} />
      <div className={styles.page}>
        <p role="alert" className={styles.alert}>
          {message}
        </p>
        <Link to={ROUTES.posts.path} className={btn.button}>
          Back to Overview
        </Link>
      </div>
    </>
  );
}
