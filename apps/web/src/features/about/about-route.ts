import { ROUTES } from '@app/shared/routes';
import { SITE_NAME } from '../../lib/meta';
import type { StyledHandle } from '../../lib/styled-handle';
import aboutStyles from './about-page.module.css';

export const aboutHandle: StyledHandle = {
  styles: [aboutStyles],
  meta: ({ t }) => ({
    title: `${t('aboutTitle')} | ${SITE_NAME}`,
    description: t('aboutDescription'),
    path: ROUTES.about.path,
  }),
};
