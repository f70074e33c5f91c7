import { ROUTES } from '@app/shared/routes';
import { SITE_NAME } from '../../lib/meta';
import type { StyledHandle } from '../../lib/styled-handle';
import styles from './login-page.module.css';

/** Its styles in the entry stylesheet: the server-rendered form is styled at first paint. */
export const loginHandle: StyledHandle = {
  styles: [styles],
  meta: () => ({ title: `Login | ${SITE_NAME}`, path: ROUTES.login.path, noindex: true }),
};

/** The pages that share the login card; their links carry a token, so they are never indexed. */
export const accountPageHandles = {
  forgotPassword: {
    styles: [styles],
    meta: () => ({ title: `Forgot your password | ${SITE_NAME}`, path: ROUTES.forgotPassword.path, noindex: true }),
  },
  resetPassword: {
    styles: [styles],
    meta: () => ({ title: `Choose a new password | ${SITE_NAME}`, path: ROUTES.resetPassword.path, noindex: true }),
  },
  acceptInvitation: {
    styles: [styles],
    meta: () => ({ title: `Choose your password | ${SITE_NAME}`, path: ROUTES.acceptInvitation.path, noindex: true }),
  },
} satisfies Record<string, StyledHandle>;
