import { ROUTES } from '@app/shared/routes';
import { SITE_NAME } from '../../lib/meta';
import type { StyledHandle } from '../../lib/styled-handle';
import visionStyles from './vision-page.module.css';

export const visionHandle: StyledHandle = {
  styles: [visionStyles],
  meta: () => ({
    title: `Our Vision: learning, growth and well-being | ${SITE_NAME}`,
    description:
      'Continuous learning, career growth, well-being, innovation, fun at work and team building: what working with us looks like.',
    path: ROUTES.vision.path,
  }),
};
