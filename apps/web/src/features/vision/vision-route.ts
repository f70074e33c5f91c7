import { ROUTES } from '@app/shared/routes';
import { SITE_NAME } from '../../lib/meta';
import type { StyledHandle } from '../../lib/styled-handle';
import visionStyles from './vision-page.module.css';

export const visionHandle: StyledHandle = {
  styles: [visionStyles],
  meta: ({ t }) => ({
    title: `${t('visionTitle')} | ${SITE_NAME}`,
    description: t('visionDescription'),
    path: ROUTES.vision.path,
  }),
};
