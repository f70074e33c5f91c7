import { ROUTES } from '@app/shared/routes';
import { SITE_NAME } from '../../lib/meta';
import type { StyledHandle } from '../../lib/styled-handle';
import privacyStyles from './privacy-page.module.css';

export const privacyHandle: StyledHandle = {
  styles: [privacyStyles],
  meta: ({ t }) => ({
    title: `${t('privacyTitle')} | ${SITE_NAME}`,
    description: t('privacyDescription'),
    path: ROUTES.privacy.path,
  }),
};
