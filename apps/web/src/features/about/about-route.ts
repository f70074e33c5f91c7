import { ROUTES } from '@app/shared/routes';
import { SITE_NAME } from '../../lib/meta';
import type { StyledHandle } from '../../lib/styled-handle';
import aboutStyles from './about-page.module.css';

export const aboutHandle: StyledHandle = {
  styles: [aboutStyles],
  meta: () => ({
    title: `About Us: our companies and contact details | ${SITE_NAME}`,
    description:
      'A university spin-off founded in September 2010 in Antwerp: legal names, addresses, registration numbers and contact details of our two companies.',
    path: ROUTES.about.path,
  }),
};
