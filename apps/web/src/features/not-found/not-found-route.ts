import { SITE_NAME } from '../../lib/meta';
import type { StyledHandle } from '../../lib/styled-handle';
import styles from './not-found-page.module.css';

/** In the entry: the page itself is a lazy chunk, its styles stay in the first stylesheet. */
export const notFoundHandle: StyledHandle = {
  styles: [styles],
  meta: ({ t }) => ({ title: `${t('notFoundTitle')} | ${SITE_NAME}`, noindex: true, status: 404 }),
};
