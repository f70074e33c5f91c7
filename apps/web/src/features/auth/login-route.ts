import { ROUTES } from '@app/shared/routes';
import { SITE_NAME } from '../../lib/meta';
import type { StyledHandle } from '../../lib/styled-handle';
import styles from './login-page.module.css';

/** Its styles in the entry stylesheet: the server-rendered form is styled at first paint. */
export const loginHandle: StyledHandle = {
  styles: [styles],
  meta: () => ({ title: `Login | ${SITE_NAME}`, path: ROUTES.login.path, noindex: true }),
};
