import { ROUTES } from '@app/shared/routes';
import { SITE_NAME } from '../../lib/meta';
import type { StyledHandle } from '../../lib/styled-handle';
import privacyStyles from './privacy-page.module.css';

export const privacyHandle: StyledHandle = {
  styles: [privacyStyles],
  meta: () => ({
    title: `Privacy notice | ${SITE_NAME}`,
    description: 'How we use the details you send through the contact form, and how long we keep them.',
    path: ROUTES.privacy.path,
  }),
};
