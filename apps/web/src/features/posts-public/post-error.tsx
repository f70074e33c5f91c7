import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Link } from '../../lib/link';
import { usePublic } from '../../lib/language';
import { ROUTES } from '@app/shared/routes';
import { PageHeader } from '../../ui/public/page-header';
import btn from '../../ui/public/button.module.css';
import styles from './posts.module.css';

/** The post loader's error texts (English, from the catalogue) and their keys. */
const CORE_KEYS: Record<string, string> = {
  'Invalid Post ID': 'invalidPostId',
  'Post ID not found in route.': 'postIdMissing',
  'Something went wrong': 'postDetailFailed',
};

/** /post/{id} that cannot be shown: 'Invalid Post ID' for an unknown id, else 'Something went wrong'. */
export function PostError() {
  const error = useRouteError();
  const { texts } = usePublic();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // The loader's texts are English catalogue entries ('Invalid Post ID'): shown in the page's language.
  const core = texts.core as Record<string, string>;
  const english = isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : undefined;
  const key = english === undefined ? 'postDetailFailed' : CORE_KEYS[english];
  const message = key ? (core[key] ?? english) : english;
  return (
    <>
      <PageHeader title={notFound ? texts.site.postNotFoundTitle : texts.core.postDetailFailed} />
      <div className={styles.page}>
        <p role="alert" className={styles.alert}>
          {message}
        </p>
        <Link to={ROUTES.posts.path} className={btn.button}>
          {texts.site.backToOverview}
        </Link>
      </div>
    </>
  );
}
